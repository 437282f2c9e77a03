import { jest } from '@jest/globals';
import request from 'supertest';
import { businessToday, type EventStore, type MemberDto, type TaskDto } from '@coop/contracts';
import { germanDate } from '../../services/src/church-tax/domain/kistam-files.js';
import { regularStatusDate } from '../../services/src/church-tax/domain/kistam-selection.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import { ended, notificationsOf, until } from './support/tasks.js';

/*
 * Two probes of the KiStAM answer (DOMAIN.md 3.3; decisions 350, 362):
 * - a member asked about and erased (GDPR clean-up) before the answer came: the task recorded the answer's church data
 *   on the erased member, sealed under a church key made anew (the paper answer was refused `memberErased`);
 * - a line whose status date (Stichtag) lies after the day the answer was read, or before the status date the query
 *   asked for (last year's answer file uploaded again): recorded as the member's regular answer of that date. A future
 *   one kept the member from every regular query until then; an old one replaced the church data held.
 * Now each of these lines records nothing and is told: `kistamMemberErased`, `kistamLineStatusDateOutside`. And a member
 * erased while the task read the answer (the clean-up's race, decision 399): the church data was appended after the
 * erasure; now the task's end checks the erasure log's revision, fails and writes nothing.
 */
const TODAY = businessToday();
const STATUS = regularStatusDate(TODAY);
const IDS = { erased: '86095742719', future: '47036892816', old: '65929970489', kept: '57549285017' } as const;
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

type Asked = Record<keyof typeof IDS, MemberDto>;

/** A cooperative with the four members of IDS, its KiStAM task waiting for the answer. */
async function waitingQuery(): Promise<{ t: TestApp; m: Asked; taskId: string }> {
  const t = await startApp();
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  await request(t.http)
    .post('/api/v1/elmanumbers')
    .set(auth(t.adminToken))
    .send({ elmaProcess: 'km', elmaNumber: '40012345678' })
    .expect(201);
  const m = {} as Asked;
  for (const [key, taxId] of Object.entries(IDS) as [keyof typeof IDS, string][])
    m[key] = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Antwort',
      givenName: key,
      manualTaxId: taxId,
      birthDate: '1960-03-12',
    });
  const res = await request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken)).expect(201);
  const taskId = (res.body as TaskDto).id;
  expect((await until(t.http, t.adminToken, taskId, ended)).summary).toMatchObject({ requested: 4 });
  // The death of 2012 learned only now: the member is due for erasure.
  await diedAndSettled(t.http, t.adminToken, m.erased.id, '2012-02-01', '2013-03-01');
  return { t, m, taskId };
}

const line = (x: MemberDto, taxId: string, status: string): string =>
  `4;${String(x.memberNr)};${taxId};12.03.1960;1;${status};rk;9;`;

/** Uploads the answer and waits for the task's end. */
async function answered(t: TestApp, taskId: string, lines: readonly string[]): Promise<TaskDto> {
  const answer = [`1;2;DE123456789;${germanDate(TODAY)}`, ...lines].join('\r\n');
  await request(t.http)
    .post(`/api/v1/tasks/kistam/${taskId}/answer`)
    .set(auth(t.adminToken))
    .set('Content-Type', 'text/csv')
    .send(answer)
    .expect(201);
  return until(t.http, t.adminToken, taskId, (task) => ['completed', 'failed', 'rejected'].includes(task.state));
}

/** The church data recorded on each member's stream. */
async function recorded(t: TestApp, members: readonly MemberDto[]): Promise<number[]> {
  const events = t.running.storage.events as EventStore;
  const count = async (x: MemberDto): Promise<number> =>
    (await events.readStream(`member-${x.id}`)).filter((e) => e.type === 'ChurchDataRecorded').length;
  return Promise.all(members.map(count));
}

describe('KiStAM: answer lines the task must not record', () => {
  let t: TestApp;
  let m: Asked;
  let taskId: string;

  beforeAll(async () => {
    ({ t, m, taskId } = await waitingQuery());
    await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
  }, 90_000);
  afterAll(async () => t.close());

  it('records only the line of a member still there with a status date between the query’s and today', async () => {
    const d = germanDate(STATUS);
    const year = Number(STATUS.slice(0, 4));
    const done = await answered(t, taskId, [
      line(m.erased, IDS.erased, d),
      line(m.future, IDS.future, `31.08.${String(year + 3)}`),
      line(m.old, IDS.old, `31.08.${String(year - 1)}`),
      line(m.kept, IDS.kept, d),
    ]);
    expect([done.state, done.summary]).toEqual([
      'completed',
      { withChurch: 1, withoutChurch: 0, errors: 3, noInformation: 0 },
    ]);
    expect(await recorded(t, [m.erased, m.future, m.old, m.kept])).toEqual([0, 0, 0, 1]);
    const told = (await notificationsOf(t.running, taskId))
      .filter((n) => n.message === 'kistamGenericError')
      .map((n) => n.parameters);
    expect(told).toEqual([
      ['kistamMemberErased', '2'],
      ['kistamLineStatusDateOutside', '3'],
      ['kistamLineStatusDateOutside', '4'],
    ]);
  });
});

describe('KiStAM: a query answer typed in with a status date still to come', () => {
  let t: TestApp;
  let m: Asked;

  beforeAll(async () => {
    ({ t, m } = await waitingQuery());
  }, 90_000);
  afterAll(async () => t.close());

  it('is refused for a regular or event query, and taken for a status date passed', async () => {
    // Before: 200, and the member, "asked" on 31.08.2099, was left out of every regular query until then.
    const put = (body: Record<string, string>) =>
      request(t.http).put(`/api/v1/members/${m.kept.id}/church-tax`).set(auth(t.adminToken)).send(body);
    const later = `${String(Number(TODAY.slice(0, 4)) + 73)}-08-31`;
    for (const queryKind of ['regular', 'event']) {
      const refused = await put({ churchId: 'rk', churchTaxRate: '9', queriedOn: later, queryKind });
      expect([refused.status, refused.body.errors]).toEqual([
        400,
        [{ field: 'queriedOn', template: 'dateOutOfRange', parameters: { 0: '1900-01-01', 1: TODAY } }],
      ]);
    }
    await put({ churchId: 'rk', churchTaxRate: '9', queriedOn: STATUS, queryKind: 'regular' }).expect(200);
  });
});

describe('KiStAM: a member erased while the task reads the answer', () => {
  let t: TestApp;
  let m: Asked;
  let taskId: string;

  beforeAll(async () => {
    ({ t, m, taskId } = await waitingQuery());
  }, 90_000);
  afterAll(async () => t.close());

  it('fails the task at its end and writes no church data at all', async () => {
    const events = t.running.storage.events as EventStore;
    const appendMany = events.appendMulti.bind(events);
    let erasedMeanwhile = false;
    // The task's end, holding the erased member's church data, waits while the clean-up erases the member.
    const many = jest.spyOn(events, 'appendMulti').mockImplementation(async (appends) => {
      const churchOfErased = appends.some(
        (a) => a.streamId === `member-${m.erased.id}` && a.events.some((e) => e.type === 'ChurchDataRecorded'),
      );
      if (churchOfErased && !erasedMeanwhile) {
        erasedMeanwhile = true;
        await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
      }
      return appendMany(appends);
    });
    let done: TaskDto;
    try {
      const d = germanDate(STATUS);
      done = await answered(t, taskId, [line(m.erased, IDS.erased, d), line(m.kept, IDS.kept, d)]);
    } finally {
      many.mockRestore();
    }
    expect([erasedMeanwhile, done.state]).toEqual([true, 'failed']);
    expect(await recorded(t, [m.erased, m.kept])).toEqual([0, 0]);
  });
});
