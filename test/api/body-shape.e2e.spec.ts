import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';

/*
 * A body of the wrong shape is refused on every write route, never read as an empty object (issue 43): until then the
 * validation pipe read a JSON array (or a text, a number, null) as `{}`, so `POST /notifications/mark-seen` with a bare
 * list answered `200 []` having marked nothing, and a route whose fields are all optional could have answered a
 * success that did nothing. The routes are taken from the OpenAPI document, so a route added later is covered too.
 * `mark-seen` takes the bare list SPEC.md 7 names (test/api/notifications.e2e.spec.ts). Loopback only; every body is small.
 */
const MISSING = '00000000-0000-4000-8000-000000000000';
/** The route that reads a bare array as its list (MarkSeenRequest.bareListField). */
const TAKES_A_LIST = 'post /api/v1/notifications/mark-seen';

interface Operation {
  readonly requestBody?: { readonly content?: Record<string, unknown> };
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
}

describe('request bodies of the wrong shape', () => {
  let t: TestApp;
  let routes: [string, string][];
  beforeAll(async () => {
    t = await startApp();
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body as Document;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content?.['application/json'] !== undefined)
        .map(([method, _op]): [string, string] => [method, path.replace(/\{[^}]+\}/g, MISSING)]),
    );
  }, 60_000);
  afterAll(async () => t.close());

  it('finds the write routes with a JSON body in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map(([m, p]) => `${m} ${p}`)).toContain(TAKES_A_LIST);
  });

  it.each<[string, string]>([
    ['an array of texts', '["a","b"]'],
    ['an empty array', '[]'],
    ['a text', '"a"'],
    ['a number', '7'],
    ['null', 'null'],
  ])(
    'refuses %s as the body of every write route with 400 bodyMustBeObject',
    async (_name, body) => {
      const wrong: string[] = [];
      for (const [method, path] of routes) {
        if (`${method} ${path}` === TAKES_A_LIST && body.startsWith('[')) continue;
        const res = await request(t.http)
          [method as 'post' | 'put'](path)
          .set(auth(t.adminToken))
          .set('Content-Type', 'application/json')
          .send(body);
        const errors = (res.body as { errors?: { template: string }[] }).errors ?? [];
        if (res.status !== 400 || !errors.some((e) => e.template === 'bodyMustBeObject'))
          wrong.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});
