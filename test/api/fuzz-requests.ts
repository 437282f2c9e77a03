import fc from 'fast-check';

/**
 * Generated bad input for every route of the OpenAPI document (issue 28): bodies (wrong types, missing and extra
 * fields, huge and empty strings, deep nesting, invalid JSON, odd Unicode with lone surrogates, names of JavaScript
 * object properties as keys and values), query strings (repeated, arrays, `a[b]=` objects, broken percent escapes),
 * path ids (ids of other kinds, `..`, encoded slashes, huge) and headers (content types, tokens). Used by
 * test/api/fuzz.e2e.spec.ts (a few hundred, in `npm test`) and bench/fuzz.js (10,000).
 */

export interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly oneOf?: readonly Schema[];
  readonly format?: string;
}
interface Operation {
  readonly parameters?: readonly { readonly name: string; readonly in: string }[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: Schema }> };
}
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, Schema> };
}

/** One generated request, sent as it is (raw path with its query, raw body bytes). */
export interface FuzzRequest {
  readonly method: string;
  readonly route: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}
/** Names of JavaScript object properties, used as field names, query keys, values and ids. */
const JS_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'then',
  'length',
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  'a\ud83dz',
  '\u202e',
  '\ufeff',
  '𝔘𝔫𝔦',
  'ß',
  '\r\n',
  '<script>',
  "' OR 1=1 --",
  '${x}',
  '%s%n',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '2024-02-30',
  '9999-99-99',
  'DE00',
  // Issue 38: invisible-only names, what SEPA cannot carry, dates at the ends of the calendar.
  '\u200b\u200d\u2066',
  '\u3000\u00a0',
  '<>',
  'Иванова',
  '王小明',
  '0000-01-01',
  '9999-12-31',
];
const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n));
const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS, ...JS_NAMES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Values of every JSON type and then some (numbers beyond the safe range, -0). */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.constantFrom(-1, 0, -0, 1.5, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const fieldName = fc.oneof(fc.constantFrom(...JS_NAMES), fc.string({ maxLength: 12 }));
const oddObject = fc.object({ key: fieldName, values: [oddValue], maxDepth: 3, maxKeys: 6 });

/** A value right for its schema (a date, an integer, one of the enum) or close to it. */
function valueFor(doc: OpenApiDocument, schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return oddValue;
  if (schema.$ref)
    return valueFor(doc, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')], depth + 1);
  if (schema.oneOf && schema.oneOf.length > 0) return fc.oneof(...schema.oneOf.map((s) => valueFor(doc, s, depth + 1)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -2, max: 100_000 }), fc.constantFrom(2.5, 1e21, 1e9, 1e15));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(doc, schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return bodyFor(doc, schema, depth + 1);
    default:
      return schema.format === 'date'
        ? fc.constantFrom('2021-03-01', '2024-12-31', '2021-02-29', '21-3-1', '0000-01-01', '9999-12-31')
        : fc.oneof(
            fc.string({ maxLength: 20 }),
            fc.constantFrom('DE89370400440532013000', 'info@example.org', '12345671'),
          );
  }
}

/** An object of the schema's fields, each right, wrong (another type, odd string) or missing, with extra fields. */
function bodyFor(doc: OpenApiDocument, schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const field = (s: Schema): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: 6, arbitrary: valueFor(doc, s, depth) }, { weight: 1, arbitrary: oddValue });
  const known = fc.record(Object.fromEntries(fields.map(([name, s]) => [name, field(s)])), { requiredKeys: [] });
  const extra = fc.dictionary(fieldName, oddValue, { maxKeys: 2 });
  return fc
    .tuple(known, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }))
    .map(([k, e]) => ({ ...k, ...e }));
}

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  return schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
}

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));
const invalidJson = fc.constantFrom(
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'undefined',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"\\ud800"',
  '1',
  'null',
  '"text"',
);

/** Every way of writing a body: near the schema, any object, deep, invalid, huge, empty. */
function bodyText(doc: OpenApiDocument, op: Operation): fc.Arbitrary<string | undefined> {
  const schema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
  const json = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<string> => a.map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    { weight: schema ? 6 : 0, arbitrary: json(schema ? bodyFor(doc, schema, 0) : fc.constant({})) },
    { weight: 2, arbitrary: json(oddObject) },
    { weight: 1, arbitrary: json(fc.array(oddValue, { maxLength: 4 })) },
    { weight: 1, arbitrary: json(oddValue) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: invalidJson },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate as U+FFFD, as a client would send it). */
function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path ids: our own of every kind, another cooperative's, and nonsense (encoded as a client would, or raw). */
function idText(ids: readonly string[]): fc.Arbitrary<string> {
  const encoded = fc
    .oneof(
      oddString,
      fc.constantFrom('0', '-1', '1.5', '99999999999999999999999', '00000000-0000-0000-0000-000000000000'),
    )
    .map((s) => pct(s.slice(0, 5_000)));
  const raw = fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%2F',
    'a%2Fb',
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    'a;b',
    'a,b',
    'a?b=1',
    'a#b',
    '%20',
  );
  return fc.oneof(
    { weight: ids.length > 0 ? 4 : 0, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('x') },
    { weight: 3, arbitrary: encoded },
    { weight: 2, arbitrary: raw },
  );
}

/** A query string of documented and list parameters, repeated, as arrays and objects, with odd and broken values. */
function queryText(op: Operation): fc.Arbitrary<string> {
  const documented = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.constantFrom(
    ...documented,
    'filter',
    'order_by',
    'offset',
    'limit',
    'search',
    'date',
    'member',
    ...JS_NAMES,
  );
  const listValue = fc.constantFrom(
    'name:asc',
    'id:desc',
    'constructor:asc',
    '__proto__',
    'toString:x',
    'id:',
    ':',
    '::',
    'name:ASC:x',
    'id:1,id:2',
    'x'.repeat(3000),
    '-5',
    '1e400',
    '0x10',
    '2021-13-01',
  );
  const value = fc.oneof(
    listValue,
    oddString.map((s) => pct(s.slice(0, 3_000))),
    fc.constantFrom('%', '%ZZ', '%ED%A0%80', '%E0%A4%A', '%00', '+', '&', '='),
  );
  const shape = fc.constantFrom('k=v', 'k', 'k=', 'k[]=v', 'k[a]=v', 'k[a][b]=v', 'k[__proto__]=v', 'k=v&k=v');
  const pair = fc
    .tuple(key, shape, value, value)
    .map(([k, s, v1, v2]) => s.replace(/^k/, k).replace(/k=v$/, `${k}=${v2}`).replace(/=v$/, `=${v1}`));
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length > 0 ? `?${pairs.join('&')}` : ''));
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/json;;;',
  'nonsense',
];

/** Headers: mostly the administrator's token (so the request reaches the route), sometimes none or a broken one. */
function headersOf(token: string): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${token}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'Bearer',
        'Bearer a.b.c',
        `Basic ${token}`,
        `Bearer ${token} x`,
        `Bearer ${token.slice(0, -3)}abc`,
        'Bearer constructor',
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 5, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const accept = fc.constantFrom(undefined, 'application/json', 'text/csv', 'application/pdf', '*/*', 'nonsense/;;');
  const usual = fc.constantFrom<Record<string, string>>(
    {},
    {},
    { 'X-Forwarded-For': 'not-an-address' },
    { 'If-None-Match': '*' },
    { 'Accept-Language': '\u00ff'.repeat(10) },
    { Cookie: '__proto__=1' },
    { 'X-Request-Id': 'constructor' },
  );
  // A header over Node's limit (431) now and then: it never reaches a route, so more would only spend the run.
  const extra = fc.oneof(
    { weight: 30, arbitrary: usual },
    { weight: 1, arbitrary: fc.constant({ 'X-Padding': 'p'.repeat(20_000) }) },
  );
  return fc.tuple(authorization, contentType, accept, extra).map(([a, c, acc, e]) => ({
    ...(a ? { Authorization: a } : {}),
    ...(c ? { 'Content-Type': c } : {}),
    ...(acc ? { Accept: acc } : {}),
    ...e,
  }));
}

/** Generated requests over every operation of the document; `ids` are ids of every kind to put into path ids. */
export function fuzzRequests(
  doc: OpenApiDocument,
  token: string,
  ids: readonly string[],
  exclude: readonly string[] = [],
): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(doc.paths).flatMap(([route, ops]) =>
    Object.entries(ops)
      .map(([method, op]) => ({ method: method.toUpperCase(), route, op }))
      .filter((o) => !exclude.includes(`${o.method} ${o.route}`)),
  );
  return fc.constantFrom(...operations).chain(({ method, route, op }) =>
    fc
      .record({
        segments: fc.array(idText(ids), { minLength: 2, maxLength: 2 }),
        query: queryText(op),
        headers: headersOf(token),
        body:
          method === 'GET' || method === 'DELETE'
            ? fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyText(doc, op) })
            : bodyText(doc, op),
      })
      .map(({ segments, query, headers, body }) => {
        let n = 0;
        const path = `${route.replace(/\{[^}]+\}/g, () => segments[n++ % 2]!)}${query}`;
        return { method, route, path, headers, body };
      }),
  );
}
