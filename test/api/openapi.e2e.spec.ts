import request from 'supertest';
import { startApp, type TestApp } from './support/app.js';

interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly enum?: unknown[];
  readonly oneOf?: Schema[];
  readonly format?: string;
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
    return target
      ? untyped(doc, target, name, new Set([...seen, name]))
      : [`${at}: ${schema.$ref} is not in the document`];
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
  // An upload (a KiStAM answer file) is its bytes, typed by their own media type rather than JSON.
  const upload =
    op.requestBody?.content &&
    !op.requestBody.content['application/json'] &&
    Object.values(op.requestBody.content).every((c) => c.schema?.format === 'binary');
  // A form upload (the import's files, issue 29) is typed as its form's fields.
  const form = op.requestBody?.content?.['multipart/form-data'];
  if (form) for (const gap of untyped(doc, form.schema, 'form')) gaps.push(gap);
  else if (op.requestBody && !upload)
    for (const gap of untyped(doc, op.requestBody.content?.['application/json']?.schema, 'body')) gaps.push(gap);
  for (const [status, answer] of Object.entries(op.responses)) {
    if (!status.startsWith('2') || status === '204') continue;
    // A download (a task's file) answers its bytes, typed by their own media type rather than JSON.
    if (
      answer.content &&
      !answer.content['application/json'] &&
      Object.values(answer.content).every((c) => c.schema?.format === 'binary')
    )
      continue;
    for (const gap of untyped(doc, answer.content?.['application/json']?.schema, `answer ${status}`)) gaps.push(gap);
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
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, Operation] => [`${method} ${path}`, op]),
    );

  it('types every request body and every answer with content, from the classes of contracts', () => {
    const gaps = operations().flatMap(([name, op]) => gapsOf(doc, op).map((gap) => `${name}: ${gap}`));
    expect(gaps).toEqual([]);
  });

  it('finds a gap: a body without types, an answer without a schema', () => {
    const op: Operation = {
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { member: {} } } } } },
      responses: { '201': {}, '204': {} },
    };
    expect(gapsOf(doc, op)).toEqual(['body.member: no type', 'answer 201: no schema']);
  });

  it('describes a request class in full: types, required fields, enums and formats', () => {
    expect(doc.components.schemas.ElmaNumberWrite).toMatchObject({
      type: 'object',
      required: ['elmaProcess', 'elmaNumber'],
      properties: { elmaProcess: { type: 'string', enum: ['fs', 'km'] }, elmaNumber: { type: 'string' } },
    });
    expect(doc.components.schemas.ExemptionOrderRecord).toMatchObject({
      required: expect.arrayContaining(['member', 'type', 'joint', 'amount', 'date', 'startDate']),
      properties: {
        startDate: { type: 'string', format: 'date' },
        endDate: { type: 'string', format: 'date', nullable: true },
        amount: { type: 'integer' },
      },
    });
    expect((doc.components.schemas.ExemptionOrderRecord as { required: string[] }).required).not.toContain('endDate');
  });

  it('describes the members and the share ledger from their request classes', () => {
    const refOf = (path: string, method: string): string | undefined =>
      doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema?.$ref;
    expect(refOf('/api/v1/members', 'post')).toBe('#/components/schemas/MemberAdmission');
    expect(refOf('/api/v1/members/{id}', 'put')).toBe('#/components/schemas/MemberMasterChange');
    expect(refOf('/api/v1/balances', 'post')).toBe('#/components/schemas/PostingRequest');
    expect(refOf('/api/v1/shares/{id}', 'put')).toBe('#/components/schemas/ShareCorrection');
    expect(doc.components.schemas.MemberAdmission).toMatchObject({
      required: expect.arrayContaining(['name', 'iban', 'entryDate', 'approvalDate', 'shareAmount']),
      properties: {
        salutation: { type: 'string', enum: ['Frau', 'Herr'], nullable: true },
        legalForm: { enum: [0, 1] },
        birthDate: { type: 'string', format: 'date', nullable: true },
        isForeign: { type: 'boolean' },
        shareAmount: { type: 'integer', minimum: 1 },
        memberNr: { type: 'integer', nullable: true },
      },
    });
    expect((doc.components.schemas.MemberAdmission as { required: string[] }).required).not.toContain('memberNr');
    expect(doc.components.schemas.PostingRequest).toMatchObject({
      required: ['type'],
      properties: {
        type: { enum: [1, 2, 3, 5, 6, 7, 8] },
        date: { type: 'string', format: 'date' },
        quantity: { type: 'integer', minimum: 1 },
      },
    });
  });
});
