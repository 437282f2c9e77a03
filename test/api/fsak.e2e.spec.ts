import { readFileSync } from 'node:fs';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DividendDto, FsakPreviewDto, MemberDto, NotificationDto, TaskDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, validMember } from './support/members.js';
import { createNonAssessment, createOrder, THIS_YEAR, validNonAssessment } from './support/tax-papers.js';

/*
 * The FSA control report (FSAK, issue 24; DOMAIN.md 4) through the API, end to end with the task runner: the members
 * it cannot report, the refusals (no fs approval number, an unknown or another cooperative's closure, the roles), the
 * rejection of a closure paid in the current year, the report of a closed year with a single order, a joint order of
 * two member spouses and an NV certificate compared with a golden file (an amount under one euro left out), a second
 * report as a correction, and another cooperative never seeing any of it.
 *
 * Figures: a share costs 10 cents and the dividend is 10 %, so a holding of 10 × the gross gives the gross; the year
 * before last is closed with a payment date last year (a closed calendar year), last year with one this year.
 */
const LAST = THIS_YEAR - 1;
const EARLIER = THIS_YEAR - 2;
const HOLDING = { entryDate: `${EARLIER}-01-01`, approvalDate: `${EARLIER}-01-01`, interestBegin: `${EARLIER}-01-01` };
const VALID_LAST_YEAR = { date: `${LAST}-01-02`, startDate: `${LAST}-01-01`, endDate: `${LAST}-12-31` };
const TAX_IDS = ['86095742719', '47036892816', '65929970489', '57549285017', '25768131411', '12345678911'];
const ENDED = ['completed', 'rejected', 'failed'];

const holder = (http: App, token: string, grossCents: number, overrides: Record<string, unknown>): Promise<MemberDto> =>
  createMember(http, token, { ...HOLDING, shareAmount: grossCents, ...overrides });
const templates = (res: request.Response): string[] =>
  (res.body as { errors: { template: string }[] }).errors.map((e) => e.template);

describe('FSAK: the FSA control report', () => {
  let t: TestApp;
  let otherAdmin: string;
  let restricted: string;
  let closedYear: string;
  let paidThisYear: string;
  let firstReport: TaskDto;
  const m: Record<string, MemberDto> = {};

  const preview = (token: string, id: string): request.Test =>
    request(t.http).get(`/api/v1/tasks/fsak/${id}`).set(auth(token));
  const start = (token: string, id: string): request.Test =>
    request(t.http).post(`/api/v1/tasks/fsak/${id}`).set(auth(token));
  /** The FSAK tasks the caller sees (a closure is a task as well since decision 199: those are left out). */
  const fsakTasks = async (token: string): Promise<string[]> => {
    const res = await request(t.http).get('/api/v1/tasks').query({ limit: '100' }).set(auth(token));
    return res.status === 204
      ? []
      : (res.body as { id: string; kind: string }[]).filter((task) => task.kind === 'fsak').map((task) => task.id);
  };
  const notifications = async (token: string): Promise<NotificationDto[]> => {
    const res = await request(t.http).get('/api/v1/notifications').query({ limit: '100' }).set(auth(token));
    return res.status === 204 ? [] : (res.body as NotificationDto[]);
  };

  /** The task once it has ended (the runner runs it in the API process). */
  async function ended(taskId: string): Promise<TaskDto> {
    for (let i = 0; i < 400; i++) {
      const task = (await request(t.http).get(`/api/v1/tasks/${taskId}`).set(auth(t.adminToken)).expect(200))
        .body as TaskDto;
      if (ENDED.includes(task.state)) return task;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`task ${taskId} did not end`);
  }

  const download = async (task: TaskDto, index = 0): Promise<string> => {
    const file = task.files[index]!;
    const res = await request(t.http)
      .get(`/api/v1/tasks/${task.id}/files/${file.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return (res.body as Buffer).toString('utf8');
  };

  beforeAll(async () => {
    t = await startApp();
    const http = t.http;
    const token = t.adminToken;
    const coop = await request(http)
      .post('/api/v1/cooperatives')
      .set(auth(token))
      .send(validCooperative({ name: 'fsak-other-eg' }));
    otherAdmin = (
      await userWith(http, token, 'fsak-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], (coop.body as { id: string }).id)
    ).token;
    restricted = (await userWith(http, token, 'fsak-restricted', ['ROLE_RESTRICTED_USER'])).token;
    await request(http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(token))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);

    // A single 300 € order, 500.00: 300 exempted.
    m.single = await holder(http, token, 50_000, { name: 'Einzeln', manualTaxId: TAX_IDS[0] });
    await createOrder(http, token, {
      member: m.single.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: 30_000,
      ...VALID_LAST_YEAR,
    });
    // A joint 600 € order of the member spouses Hans (450.00) and Wera (250.00): one record of 600 with both.
    m.hans = await holder(http, token, 45_000, {
      name: 'Fünf',
      givenName: 'Hans',
      civilStatus: 1,
      manualTaxId: TAX_IDS[2],
    });
    m.wera = await holder(http, token, 25_000, {
      name: 'Fünf',
      givenName: 'Wera',
      civilStatus: 1,
      manualTaxId: TAX_IDS[3],
      spouse: m.hans.id,
      spouseTaxId: TAX_IDS[2],
    });
    await request(http)
      .put(`/api/v1/members/${m.hans.id}`)
      .set(auth(token))
      .send(
        validMember({
          name: 'Fünf',
          givenName: 'Hans',
          civilStatus: 1,
          manualTaxId: TAX_IDS[2],
          spouse: m.wera.id,
          spouseTaxId: TAX_IDS[3],
          ...HOLDING,
        }),
      )
      .expect(200);
    await createOrder(http, token, {
      member: m.hans.id,
      type: 0,
      joint: true,
      spouse: m.wera.id,
      amount: 60_000,
      ...VALID_LAST_YEAR,
    });
    // A non-assessment certificate (type 100) of a natural person, 800.00.
    m.nv = await holder(http, token, 80_000, { name: 'Sechs', manualTaxId: TAX_IDS[4] });
    await createNonAssessment(
      http,
      token,
      validNonAssessment(m.nv.id, {
        type: 100,
        date: `${LAST}-01-05`,
        startDate: `${LAST}-01-01`,
        endDate: `${LAST}-12-31`,
      }),
    );
    // 0.50 exempted: under one euro, not reported.
    m.cents = await holder(http, token, 50, { name: 'Cent', manualTaxId: TAX_IDS[1] });
    await createOrder(http, token, {
      member: m.cents.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: 1_000,
      ...VALID_LAST_YEAR,
    });
    // 50.00 exempted; the tax id is removed after the closure: the report cannot include the member.
    m.noId = await holder(http, token, 5_000, { name: 'Ohne', givenName: 'Otto', manualTaxId: TAX_IDS[5] });
    await createOrder(http, token, {
      member: m.noId.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: 10_000,
      ...VALID_LAST_YEAR,
    });

    const close = async (year: number, paymentDate: string): Promise<string> => {
      const body = {
        year: String(year),
        type: 'percent',
        amount: '10',
        decision_date: paymentDate,
        payment_date: paymentDate,
      };
      const res = await request(http).post('/api/v1/dividend/store').set(auth(token)).send(body);
      if (res.status !== 201) throw new Error(`closure ${year}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as DividendDto).id!;
    };
    closedYear = await close(EARLIER, `${LAST}-03-01`);
    paidThisYear = await close(LAST, `${THIS_YEAR}-01-15`);
    await request(http)
      .put(`/api/v1/members/${m.noId.id}`)
      .set(auth(token))
      .send(validMember({ name: 'Ohne', givenName: 'Otto', manualTaxId: null, ...HOLDING }))
      .expect(200);
  }, 120_000);
  afterAll(async () => t.close());

  it('lists the members the report cannot include, and counts the records it will hold', async () => {
    const res = (await preview(t.adminToken, closedYear).expect(200)).body as FsakPreviewDto;
    expect(res).toEqual({
      dividendId: closedYear,
      year: EARLIER,
      reportYear: LAST,
      paymentDate: `${LAST}-03-01`,
      records: 3,
      impossible: [
        { member: m.noId!.id, memberNr: m.noId!.memberNr, name: 'Ohne', givenName: 'Otto', reasons: ['taxIdMissing'] },
      ],
      earlierReports: [],
      refusal: { template: 'missingElmaNoFs', parameters: [] },
    });
  });

  it('refuses without an approval number of process fs, and queues nothing', async () => {
    const res = await start(t.adminToken, closedYear).expect(400);
    expect(templates(res)).toEqual(['missingElmaNoFs']);
    expect(await fsakTasks(t.adminToken)).toEqual([]);
  });

  it('answers an unknown closure and another cooperative’s as not found, and needs the dividend’s roles', async () => {
    expect(templates(await preview(t.adminToken, 'no-such-closure').expect(404))).toEqual(['dividendNotFound']);
    expect(templates(await start(t.adminToken, 'no-such-closure').expect(404))).toEqual(['dividendNotFound']);
    expect(templates(await preview(otherAdmin, closedYear).expect(404))).toEqual(['dividendNotFound']);
    expect(templates(await start(otherAdmin, closedYear).expect(404))).toEqual(['dividendNotFound']);
    await preview(restricted, closedYear).expect(403);
    await start(restricted, closedYear).expect(403);
  });

  it('names the year a closure paid this year reports, says its start is refused, and refuses it with 400 queuing nothing (issue 43)', async () => {
    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' })
      .expect(201);
    const shown = (await preview(t.adminToken, paidThisYear).expect(200)).body as FsakPreviewDto;
    expect(shown).toMatchObject({
      year: LAST,
      reportYear: THIS_YEAR,
      refusal: { template: 'fsakCurrentYear', parameters: [`${THIS_YEAR}-01-15`] },
    });
    const res = await start(t.adminToken, paidThisYear).expect(400);
    expect(res.body).toEqual({
      errors: [{ field: null, template: 'fsakCurrentYear', parameters: { '0': `${THIS_YEAR}-01-15` } }],
    });
    expect(await fsakTasks(t.adminToken)).toEqual([]);
    expect((await preview(t.adminToken, closedYear).expect(200)).body).toMatchObject({
      reportYear: LAST,
      refusal: null,
    });
  });

  it('reports a closed year: single and joint orders and an NV certificate, whole euros, under one euro left out (golden file)', async () => {
    const queued = (await start(t.adminToken, closedYear).expect(201)).body as TaskDto;
    firstReport = await ended(queued.id);
    expect(firstReport).toMatchObject({
      state: 'completed',
      summary: {
        year: LAST,
        reportType: 'initial',
        records: 3,
        files: 1,
        euros: 1_700,
        impossible: 1,
        underOneEuro: 1,
      },
    });
    expect(firstReport.files.map((f) => [f.name, f.contentType])).toEqual([
      [`fsak-${LAST}-1.csv`, 'text/csv; charset=utf-8'],
    ]);
    const csv = await download(firstReport);
    const created = /;(\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d)\r\n/.exec(csv)?.[1] ?? 'no timestamp';
    const golden = readFileSync(new URL('./fixtures/fsak-report.csv', import.meta.url), 'utf8')
      .replaceAll('{YEAR}', String(LAST))
      .replace('{CREATED}', created);
    expect(csv).toBe(golden);
    const sent = (await notifications(t.adminToken)).find((n) => n.taskId === queued.id && n.message === 'fsakSent');
    expect(sent).toMatchObject({ parameters: [String(LAST), '3', '1'], entityClass: 'task', entityId: queued.id });
  });

  it('makes a second report of the year a correction, marked in the file and the summary', async () => {
    expect(((await preview(t.adminToken, closedYear).expect(200)).body as FsakPreviewDto).earlierReports).toEqual([
      firstReport.id,
    ]);
    const queued = (await start(t.adminToken, closedYear).expect(201)).body as TaskDto;
    const task = await ended(queued.id);
    expect(task).toMatchObject({
      state: 'completed',
      summary: { reportType: 'correction', records: 3, corrects: firstReport.id },
    });
    expect(task.files.map((f) => f.name)).toEqual([`fsak-${LAST}-correction-1.csv`]);
    expect((await download(task)).split('\r\n')[0]).toMatch(
      new RegExp(`^1;Energiegenossenschaft Musterstadt eG;.*;12345671;1121081508150;2;${LAST};1;1;3;`),
    );
  });

  it('keeps the report’s file (names, birth dates, addresses, tax ids) from a role that may not make one (issue 38)', async () => {
    await preview(restricted, closedYear).expect(403);
    const refused = await request(t.http)
      .get(`/api/v1/tasks/${firstReport.id}/files/${firstReport.files[0]!.fileId}`)
      .set(auth(restricted));
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Einzeln');
  });

  it('never shows one cooperative’s report to another', async () => {
    await request(t.http).get(`/api/v1/tasks/${firstReport.id}`).set(auth(otherAdmin)).expect(404);
    await request(t.http)
      .get(`/api/v1/tasks/${firstReport.id}/files/${firstReport.files[0]!.fileId}`)
      .set(auth(otherAdmin))
      .expect(404);
    // Its own closures are tasks too (dividendClosure, decision 199): no FSAK report of another cooperative among them.
    expect(await fsakTasks(otherAdmin)).toEqual([]);
    expect((await notifications(otherAdmin)).filter((n) => n.taskId === firstReport.id)).toEqual([]);
  });
});
