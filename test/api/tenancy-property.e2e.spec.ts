import request from 'supertest';
import { businessToday, type DividendDto, type TaskDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, userWith, validCooperative, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, posted } from './support/members.js';
import { ended, until } from './support/tasks.js';
import { createNonAssessment, createOrder, THIS_YEAR, validNonAssessment } from './support/tax-papers.js';
import type { OpenApiDocument } from './fuzz-requests.js';

/**
 * Tenancy as a property (issue 28), beside test/api/tenancy.e2e.spec.ts: for EVERY route of the OpenAPI document with a
 * path id, and every id of every kind the first cooperative holds (the cooperative, a member, a user, an ELMA number, an
 * exemption order, a non-assessment, a share register row, a dividend closure, a task with its file, a notification,
 * a paid settlement, each first record of every list), the administrator of another cooperative gets 404 or 403: never 2xx, never a byte
 * of the first cooperative's data, and no write is stored. A write sends the record as its owner reads it, so the
 * refusal is the tenancy check's, not the body's (a 400 counts as refused only where the owner cannot read the path
 * either: an id of another kind). Routes taking a member as a query parameter are probed the same way. Each kind must
 * have been sent at least once to a route where its owner reads it, so no kind drops out unnoticed.
 */
const LAST = THIS_YEAR - 1;
const SINCE = { entryDate: `${LAST}-01-01`, approvalDate: `${LAST}-01-01`, interestBegin: `${LAST}-01-01` };
const THIS_YEARS = { date: `${THIS_YEAR}-01-02`, startDate: `${THIS_YEAR}-01-01`, endDate: `${THIS_YEAR}-12-31` };
/** Every id kind the routes take; each must be in the victim's records and probed where its owner reads it. */
/** Reads an answer's body as bytes, whatever its content type. */
const bytes = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const KINDS = [
  'cooperative',
  'member',
  'user',
  'elmanumber',
  'balances',
  'shares',
  'exemptionorder',
  'nonassessment',
  'dividend',
  'task',
  'notifications',
  'settlement',
];

describe('tenancy as a property: every route with an id, every id of another cooperative', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let intruder: string;
  /** Ids of the first cooperative by kind, and texts only its own records hold. */
  const ids = new Map<string, string>();
  /** The file ids of a record (a task's file), for a second path parameter. */
  const fileIds = new Map<string, string>();
  const MARKERS = ['Tenancyprobe', 'Eigentumsgenossenschaft', 'DE02120300000000202051'];
  /** What a write needs beyond the record as its owner reads it. */
  const WRITE_FILLS: Record<string, Record<string, unknown>> = {
    '/api/v1/members/{id}/church-tax': { churchId: null, queriedOn: '2024-01-15', queryKind: 'regular' },
    // A valid mandate (issue 45): the refusal must be the tenancy check's, not the body's.
    '/api/v1/members/{id}/mandates': { reference: 'TENANCY-PROBE-1', signedOn: '2024-01-15', kind: 'recurring' },
  };

  beforeAll(async () => {
    // The member export goes to a task above one member, so a task with a file (and its notification) exists.
    t = await startApp({ ...WITH_READ_THREAD, EXPORT_SYNC_LIMIT: '1' });
    doc = (await request(t.http).get('/api/docs-json')).body as OpenApiDocument;
    // The full name is a marker: it must reach the answers (the certificates, the KapESt return), so set it with the terms.
    const terms = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ fullName: 'Eigentumsgenossenschaft Probe eG', balanceCost: 25000, minimumShares: 1 }));
    if (terms.status !== 200) throw new Error(`cooperative terms: ${terms.status} ${terms.text}`);
    ids.set('cooperative', t.cooperativeId);
    // A tax id: an NV holder without one is refused before the closure (nvTaxIdMissing, issue 43).
    const member = await createMember(t.http, t.adminToken, {
      givenName: 'Tenancyprobe',
      iban: 'DE02120300000000202051',
      manualTaxId: '86095742719',
      ...SINCE,
    });
    ids.set('member', member.id);
    await createMember(t.http, t.adminToken, { name: 'Zweitmitglied', ...SINCE });
    await posted(t.http, t.adminToken, {
      member: member.id,
      type: 1,
      quantity: 2,
      date: `${LAST}-03-01`,
      approvalDate: `${LAST}-03-01`,
      interestBegin: `${LAST}-04-01`,
    });
    ids.set('user', (await userWith(t.http, t.adminToken, 'tenancy-clerk', ['ROLE_USER'])).id);
    const elma = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    ids.set('elmanumber', (elma.body as { id: string }).id);
    ids.set(
      'exemptionorder',
      (
        await createOrder(t.http, t.adminToken, {
          member: member.id,
          type: 0,
          joint: false,
          spouse: null,
          amount: 20_000,
          ...THIS_YEARS,
        })
      ).id!,
    );
    ids.set('nonassessment', (await createNonAssessment(t.http, t.adminToken, validNonAssessment(member.id))).id!);
    // A leaver paid out (issue 42): the statement of its settlement (`<memberId>.<end's posting id>`) is read by its owner
    // and probed as another cooperative's. Its member carries the marker, its statement the cooperative's full name.
    const leaver = await createMember(t.http, t.adminToken, {
      name: 'Ausgeschieden',
      givenName: 'Tenancyprobe',
      ...SINCE,
    });
    const exit = await posted(t.http, t.adminToken, {
      member: leaver.id,
      type: 8,
      date: `${LAST}-03-01`,
      approvalDate: `${LAST}-03-01`,
      interestBegin: `${LAST}-04-01`,
      noticeDate: `${LAST}-06-01`,
    });
    const settlement = `${leaver.id}.${exit.id}`;
    // Paid out today: after the end (31.12. of last year) and never a day to come (`dateInFuture`), on 1 January too.
    const paid = await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [settlement], payoutDate: businessToday() });
    if (paid.status !== 201) throw new Error(`settlement payout: ${paid.status} ${paid.text}`);
    ids.set('settlement', settlement);
    const queued = await request(t.http).get('/api/v1/export/members.csv').set(auth(t.adminToken));
    if (queued.status !== 202) throw new Error(`member export task: ${queued.status} ${queued.text}`);
    const task = await until(t.http, t.adminToken, (queued.body as TaskDto).id, ended);
    if (task.state !== 'completed' || !task.files[0]) throw new Error(`member export task: ${JSON.stringify(task)}`);
    ids.set('task', task.id);
    fileIds.set('task', task.files[0].fileId);
    // Issue 45: a further share left unpaid, reminded, collected by direct debit, and a bank statement read, so the routes
    // of a reminder run, a collection's file and a statement are read by their owner and probed as another's.
    const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const ok = (res: request.Response, what: string, status = 201): void => {
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
    };
    ok(
      await request(t.http)
        .put('/api/v1/cooperative/payment-terms')
        .set(auth(t.adminToken))
        .send({
          instalments: { allowed: false, maxCount: 1, rhythmMonths: 1, minFirstPerShare: 0 },
          reminderAfterDays: 14,
          creditDividendUntilPaid: true,
          creditorId: 'DE98ZZZ09999999999',
        }),
      'payment terms',
      200,
    );
    const owing = await posted(t.http, t.adminToken, {
      member: member.id,
      type: 1,
      quantity: 1,
      paid: 0,
      date: daysAgo(60),
      approvalDate: daysAgo(60),
      interestBegin: daysAgo(60),
    });
    const reminded = await request(t.http)
      .post('/api/v1/payment-reminders')
      .set(auth(t.adminToken))
      .send({ date: businessToday(), memberIds: [member.id] });
    ok(reminded, 'payment reminder');
    ids.set('payment-reminder-run', (reminded.body as { runId: string }).runId);
    ok(
      await request(t.http)
        .post(`/api/v1/members/${member.id}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: 'TENANCY-MANDATE-1', signedOn: daysAgo(30), kind: 'recurring' }),
      'mandate',
    );
    ok(
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [owing.id] }),
      'direct debit',
    );
    const camt =
      '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>TENANCY</MsgId></GrpHdr>' +
      `<Stmt><Id>TENANCY-1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${businessToday()}</Dt></BookgDt>` +
      '<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Tenancyprobe</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Anteile Tenancyprobe</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>';
    ok(
      await request(t.http)
        .post('/api/v1/bank-statements')
        .set(auth(t.adminToken))
        .attach('file', Buffer.from(camt), 'auszug.xml'),
      'bank statement',
    );
    // The dividend closure closes last year: after the share left unpaid, which is dated in it in January and February.
    const closure = await request(t.http)
      .post('/api/v1/dividend/store')
      .set(auth(t.adminToken))
      .send({
        year: String(LAST),
        type: 'percent',
        amount: '4',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: `${THIS_YEAR}-01-15`,
      });
    if (closure.status !== 201) throw new Error(`dividend closure: ${closure.status} ${closure.text}`);
    ids.set('dividend', (closure.body as DividendDto).id!);
    // The first record of every list of the first cooperative (postings, shares, notifications, ...). No export: a
    // second member export task would replace the first one's file (the task runner keeps a kind's newest files only).
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (
        !ops.get ||
        route.includes('{') ||
        route.endsWith('/options') ||
        route.startsWith('/api/v1/dsgvo') ||
        route.startsWith('/api/v1/export/')
      )
        continue;
      const list = await request(t.http).get(route).set(auth(t.adminToken));
      const first = Array.isArray(list.body) ? (list.body as { id?: unknown }[])[0] : undefined;
      if (list.status === 200 && typeof first?.id === 'string' && !Array.from(ids.values()).includes(first.id))
        ids.set(route.replace('/api/v1/', ''), first.id);
    }
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'tenancy-other-eg' }));
    const otherCoop = (other.body as { id: string }).id;
    intruder = (
      await userWith(
        t.http,
        t.adminToken,
        'tenancy-intruder',
        ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_EDIT_USERS'],
        otherCoop,
      )
    ).token;
  }, 60_000);
  afterAll(async () => t.close());

  it("has an id of every kind the routes take, from the first cooperative's own answers", () => {
    expect(KINDS.filter((kind) => !ids.has(kind))).toEqual([]);
    expect(fileIds.get('task')).toEqual(expect.any(String));
  });

  it("answers every route with a path id, for every id of the first cooperative, 404 or 403 to another cooperative's administrator", async () => {
    const leaks: string[] = [];
    let probes = 0;
    /** The kinds sent to a route where their owner reads them. */
    const used = new Set<string>();
    /** The readable routes with a path id, and those the owner read with one of its ids (none may be probed only with ids that do not exist). */
    const readable = new Set<string>();
    const read = new Set<string>();
    /** `bodyRefusable`: the owner cannot read this path either (an id of another kind), so a 400 for its body is no leak. */
    const probe = async (method: string, path: string, body: unknown, bodyRefusable = false): Promise<void> => {
      probes++;
      const before = await t.running.storage.events.headPosition();
      // Every answer read as bytes: a file (CSV, PDF, a task's file) leaks as much as JSON does.
      const res = await request(t.http)
        [method as 'get'](path)
        .set(auth(intruder))
        .buffer(true)
        .parse(bytes)
        .send(body as object);
      const after = await t.running.storage.events.headPosition();
      const text = (res.body as Buffer).toString('utf8');
      const seen = MARKERS.filter((m) => text.includes(m));
      const refused = [403, 404].includes(res.status) || (bodyRefusable && res.status === 400);
      if (!refused || seen.length > 0 || after !== before)
        leaks.push(
          `${method.toUpperCase()} ${path}: ${res.status} ${text.slice(0, 160)}${after !== before ? ' (stored)' : ''}`,
        );
    };
    /** The paths of a route for the record `id` of `kind`: a file name is the id with its format, a file id the record's file. */
    const paths = (route: string, kind: string, id: string): string[] =>
      route.includes('{file}')
        ? ['csv', 'pdf'].map((format) => route.replace('{file}', `${id}.${format}`))
        : [route.replace('{fileId}', fileIds.get(kind) ?? id).replace(/\{[^}]+\}/g, id)];
    for (const [route, ops] of Object.entries(doc.paths)) {
      const params = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      // `{format}` (csv, xlsx), a year (the movement report, issue 45: its tenancy is in movement-report.e2e) and an
      // import template's name (`members.csv`) are no record ids.
      if (
        params.length === 0 ||
        params.includes('format') ||
        params.includes('year') ||
        route.startsWith('/api/v1/import/templates/')
      )
        continue;
      if (ops.get) readable.add(route);
      for (const method of Object.keys(ops)) {
        for (const [kind, id] of ids) {
          for (const path of paths(route, kind, id)) {
            const owners = await request(t.http).get(path).set(auth(t.adminToken));
            if (owners.status === 200) {
              used.add(kind);
              read.add(route);
            }
            const write = method !== 'get' && method !== 'delete';
            await probe(
              method,
              path,
              write ? (owners.status === 200 ? { ...(owners.body as object), ...WRITE_FILLS[route] } : {}) : undefined,
              write && owners.status !== 200,
            );
          }
        }
      }
    }
    // Routes that take a record by a query parameter.
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (route.includes('{')) continue;
      for (const name of (ops.get?.parameters ?? [])
        .filter((p) => p.in === 'query' && p.name === 'member')
        .map((p) => p.name)) {
        await probe('get', `${route}?${name}=${ids.get('member')}`, undefined);
      }
    }
    expect(leaks).toEqual([]);
    expect(KINDS.filter((kind) => !used.has(kind))).toEqual([]);
    expect([...readable].filter((route) => !read.has(route))).toEqual([]);
    expect(probes).toBeGreaterThan(200);
    process.stdout.write(`tenancy property: ${probes} probes, kinds ${[...used].join(', ')}\n`);
  }, 120_000);
});
