import request from 'supertest';
import { startApp, type TestApp } from './support/app.js';

/**
 * Operations of the members and the share ledger whose bodies and answers are not yet classes of `contracts`
 * (issue 21: they are converted after the members split). Each must still be a gap: once typed, remove it here.
 */
const KNOWN_UNTYPED_OPERATIONS = [
  'get /api/v1/members',
  'post /api/v1/members',
  'get /api/v1/members/options',
  'get /api/v1/members/{id}/history',
  'get /api/v1/members/{id}',
  'put /api/v1/members/{id}',
  'get /api/v1/balances',
  'post /api/v1/balances',
  'get /api/v1/balances/{id}',
  'get /api/v1/shares',
  'get /api/v1/shares/{id}',
  'put /api/v1/shares/{id}',
  'get /api/v1/dashboard',
  'get /api/v1/dashboard/member/{id}',
];

interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly enum?: unknown[];
  readonly oneOf?: Schema[];
}
interface Content {
  readonly content?: Record<string, { readonly schema?: Schema }>;
}
interface Operation {
  readonly requestBody?: Content;
  readonly responses: Record<string, Content>;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, Schema> };
}

/** What is wrong with a schema: a missing component, a value without a type, an object without properties. */
function untyped(doc: Document, schema: Schema | undefined, at: string, seen = new Set<string>()): string[] {
  if (!schema) return [`${at}: no schema`];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    const target = doc.components.schemas[name];
    return target ? untyped(doc, target, name, new Set([...seen, name])) : [`${at}: ${schema.$ref} is not in the document`];
  }
  if (schema.oneOf) return schema.oneOf.flatMap((s, i) => untyped(doc, s, `${at}.oneOf[${i}]`, seen));
  if (!schema.type && !schema.enum) return [`${at}: no type`];
  if (schema.type === 'array') return untyped(doc, schema.items, `${at}[]`, seen);
  if (schema.type === 'object') {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) return [`${at}: an object without properties`];
    return properties.flatMap(([name, s]) => untyped(doc, s, `${at}.${name}`, seen));
  }
  return [];
}

/** The gaps of one operation: its JSON body and every 2xx answer but 204 need a typed schema. */
function gapsOf(doc: Document, op: Operation): string[] {
  const gaps: string[] = [];
  if (op.requestBody) gaps.push(...untyped(doc, op.requestBody.content?.['application/json']?.schema, 'body'));
  for (const [status, answer] of Object.entries(op.responses)) {
    if (!status.startsWith('2') || status === '204') continue;
    gaps.push(...untyped(doc, answer.content?.['application/json']?.schema, `answer ${status}`));
  }
  return gaps;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startApp();
    doc = (await request(t.http).get('/api/docs-json')).body as Document;
  });
  afterAll(async () => t.close());

  const operations = (): [string, Operation][] =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]): [string, Operation] => [`${method} ${path}`, op]));

  it('types every request body and every answer with content, from the classes of contracts', () => {
    const gaps = operations()
      .filter(([name]) => !KNOWN_UNTYPED_OPERATIONS.includes(name))
      .flatMap(([name, op]) => gapsOf(doc, op).map((gap) => `${name}: ${gap}`));
    expect(gaps).toEqual([]);
  });

  it('still finds a gap in each known untyped operation (remove it from the list once typed)', () => {
    const documented = new Map(operations());
    const closed = KNOWN_UNTYPED_OPERATIONS.filter((name) => {
      const op = documented.get(name);
      return op === undefined || gapsOf(doc, op).length === 0;
    });
    expect(closed).toEqual([]);
  });

  it('describes a request class in full: types, required fields, enums and formats', () => {
    expect(doc.components.schemas.ElmaNumberWrite).toMatchObject({
      type: 'object',
      required: ['elmaProcess', 'elmaNumber'],
      properties: { elmaProcess: { type: 'string', enum: ['fs', 'km'] }, elmaNumber: { type: 'string' } },
    });
    expect(doc.components.schemas.ExemptionOrderRecord).toMatchObject({
      required: expect.arrayContaining(['member', 'type', 'joint', 'amount', 'date', 'startDate']),
      properties: { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date', nullable: true }, amount: { type: 'integer' } },
    });
    expect((doc.components.schemas.ExemptionOrderRecord as { required: string[] }).required).not.toContain('endDate');
  });
});
