import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'supertest/types.js';
import {
  businessToday,
  type MemberChurchTaxDto,
  type MemberDto,
  type MemberHistoryEntry,
  type TaskDto,
} from '@coop/contracts';
import { createApp, type RunningApp } from '../../services/src/create-app.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { startWorker } from '../../services/src/start-worker.js';
import { TaskRunner } from '../../services/src/tasks/index.js';
import { germanDate } from '../../services/src/church-tax/domain/kistam-files.js';
import { regularStatusDate } from '../../services/src/church-tax/domain/kistam-selection.js';
import {
  ADMIN_PASSWORD,
  AREAS,
  auth,
  JWT_SECRET,
  login,
  RUNTIME,
  startApp,
  userWith,
  validCooperative,
  type TestApp,
} from './support/app.js';
import { createMember } from './support/members.js';
import { ended, notificationsOf, until } from './support/tasks.js';

/*
 * The KiStAM query end to end (issue 24; DOMAIN.md 3; docs/kistam.md): refused without an approval number of process km,
 * the selection and the request file (phase 1, the task waits), the answer file uploaded and read (phase 2): church data
 * per member with query date, kind and task, a null answer deleting church data, and a notification per problem.
 */
const TODAY = businessToday();
const STATUS = regularStatusDate(TODAY);
const IDS = {
  anna: '86095742719',
  bernd: '47036892816',
  emil: '65929970489',
  frieda: '57549285017',
  gustav: '25768131411',
} as const;

/** The notifications a task raised, from the event log: [type, message, parameters, entityId]. */
async function notesOf(running: RunningApp, taskId: string): Promise<[string, string, string[], string | null][]> {
  return (await notificationsOf(running, taskId)).map((n) => [n.type, n.message, n.parameters, n.entityId]);
}
const templates = (res: request.Response): [string | null, string, Record<string, string>][] =>
  (res.body as { errors: { field: string | null; template: string; parameters: Record<string, string> }[] }).errors.map(
    (e) => [e.field, e.template, e.parameters],
  );

describe('KiStAM: the church-tax query through the BZSt online portal', () => {
  let t: TestApp;
  let restricted: string;
  const m: Record<string, MemberDto> = {};
  let taskId: string;

  const upload = (id: string, text: string, token = t.adminToken): request.Test =>
    request(t.http)
      .post(`/api/v1/tasks/kistam/${id}/answer`)
      .set(auth(token))
      .set('Content-Type', 'text/csv')
      .send(text);

  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 100, minimumShares: 1 }))
      .expect(200);
    const since2020 = { entryDate: '2020-01-15', approvalDate: '2020-01-20', interestBegin: '2020-02-01' };
    m.anna = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Anna',
      manualTaxId: IDS.anna,
      birthDate: '1960-03-12',
      ...since2020,
    });
    m.bernd = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Bernd',
      manualTaxId: IDS.bernd,
      birthDate: '1975-11-02',
      churchId: 'ev',
      churchTaxRate: '9',
      ...since2020,
    });
    m.carla = await createMember(t.http, t.adminToken, { name: 'Abfrage', givenName: 'Carla', ...since2020 });
    m.firm = await createMember(t.http, t.adminToken, {
      name: 'Abfrage GmbH',
      legalForm: 1,
      postalSalutation: 'company',
      salutation: null,
      givenName: null,
      birthDate: null,
      civilStatus: null,
      ...since2020,
    });
    m.emil = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Emil',
      manualTaxId: IDS.emil,
      birthDate: '1988-01-30',
      ...since2020,
    });
    // Joined after the status date: the query on joining (Anlassabfrage).
    m.frieda = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Frieda',
      manualTaxId: IDS.frieda,
      birthDate: '1999-07-07',
      entryDate: TODAY,
      approvalDate: TODAY,
      interestBegin: TODAY,
    });
    m.gustav = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Gustav',
      manualTaxId: IDS.gustav,
      birthDate: '1950-12-24',
      ...since2020,
    });
    // A second member without a tax id: one notification names both (issue 43).
    m.hanna = await createMember(t.http, t.adminToken, {
      name: 'Abfrage',
      givenName: 'Hanna',
      birthDate: '1970-02-02',
      ...since2020,
    });
    restricted = (await userWith(t.http, t.adminToken, 'kistam-restricted', ['ROLE_RESTRICTED_USER'])).token;
  }, 60_000);
  afterAll(async () => t.close());

  it('is refused without an approval number of process km, and to a caller without church:write', async () => {
    const refused = await request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken)).expect(400);
    expect(templates(refused)).toEqual([[null, 'missingElmaNoKm', {}]]);
    await request(t.http).post('/api/v1/tasks/kistam').set(auth(restricted)).expect(403);
    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'km', elmaNumber: '40012345678' })
      .expect(201);
  });

  it('selects the members, checks their identifiers, writes the request file and waits for the answer', async () => {
    const res = await request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken)).expect(201);
    taskId = (res.body as TaskDto).id;
    expect(res.body).toMatchObject({ kind: 'kistam', queuedBy: 'admin' });
    const waiting = await until(t.http, t.adminToken, taskId, ended);
    expect(waiting.state).toBe('waiting');
    const eventQuery = TODAY > STATUS;
    expect(waiting.summary).toEqual({
      statusDate: STATUS,
      requested: 5,
      regular: eventQuery ? 4 : 5,
      event: eventQuery ? 1 : 0,
      problems: 2,
      files: 1,
    });
    expect(waiting.files.map((f) => f.name)).toEqual([`kistam-request-${STATUS}.csv`]);
    const file = await request(t.http)
      .get(`/api/v1/tasks/${taskId}/files/${waiting.files[0]!.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString('utf8')));
        r.on('end', () => cb(null, data));
      });
    expect(file.status).toBe(200);
    const d = germanDate(STATUS);
    const line = (x: MemberDto, id: string, kind: string, birth: string): string =>
      `1;${String(x.memberNr)};${d};${kind};${id};${germanDate(birth)}`;
    expect(file.body).toBe(
      [
        'Satzart;Ordnungskriterium;Anfragedatum;Anfragetyp;IdNr;Geburtsdatum',
        line(m.anna!, IDS.anna, '1', '1960-03-12'),
        line(m.bernd!, IDS.bernd, '1', '1975-11-02'),
        line(m.emil!, IDS.emil, '1', '1988-01-30'),
        line(m.frieda!, IDS.frieda, eventQuery ? '2' : '1', '1999-07-07'),
        line(m.gustav!, IDS.gustav, '1', '1950-12-24'),
      ].join('\r\n') + '\r\n',
    );
    // The request file holds tax ids: church:read only (tasks area).
    await request(t.http)
      .get(`/api/v1/tasks/${taskId}/files/${waiting.files[0]!.fileId}`)
      .set(auth(restricted))
      .expect(403);
    // One notification for the run names every member without a tax id, each with a link (issue 43: not one per member);
    // the status date of the regular query explained.
    const raised = await notificationsOf(t.running, taskId);
    expect(
      raised
        .filter((n) => n.type === 'kistamError')
        .map((n) => [n.message, n.parameters, n.entityClass, n.entityId, n.errors]),
    ).toEqual([
      [
        'kistamMembersNotQueried',
        ['2'],
        'task',
        taskId,
        [m.carla!, m.hanna!].map((x) => ({
          field: null,
          template: 'kistamTaxIdMissing',
          parameters: [String(x.memberNr)],
          entityClass: 'member',
          entityId: x.id,
        })),
      ],
    ]);
    expect(await notesOf(t.running, taskId)).toEqual(
      expect.arrayContaining([
        ['generic', 'kistamRegularStatusDate', [STATUS, String(Number(STATUS.slice(0, 4)) + 1)], taskId],
        ['generic', 'kistamRequestReady', ['5'], taskId],
      ]),
    );
    expect((await notesOf(t.running, taskId)).some((n) => n[3] === m.firm!.id)).toBe(false);
  });

  it('refuses a file that is no KiStAM answer, and an upload by a caller without church:write', async () => {
    // Each reason its own template, its parameters the file's own figures, no English words (decision 302).
    expect(templates(await upload(taskId, 'Name;Betrag\r\nx;1\r\n').expect(400))).toEqual([
      ['file', 'kistamAnswerNoRecord1', {}],
    ]);
    expect(templates(await upload(taskId, '1;1;DE1;01.10.2025\r\n').expect(400))).toEqual([
      ['file', 'kistamAnswerVersion', { 0: '1', 1: '2' }],
    ]);
    expect(templates(await upload(taskId, '#\r\n1;2;DE1;31.02.2025\r\n').expect(400))).toEqual([
      ['file', 'kistamAnswerDate', { 0: '2', 1: '31.02.2025' }],
    ]);
    expect(templates(await upload(taskId, '').expect(400))).toEqual([['file', 'kistamAnswerEmpty', {}]]);
    await upload(taskId, '1;2;DE1;01.10.2025\r\n', restricted).expect(403);
  });

  it('reads the answer: church data per member, a null answer deleting it, and a notification per problem', async () => {
    const d = germanDate(STATUS);
    const answer = [
      `1;2;DE123456789;${germanDate(TODAY)}`,
      '2;40012345678;Genossenschaft',
      `4;${String(m.anna!.memberNr)};${IDS.anna};12.03.1960;1;${d};rk;9,00;0`,
      `4;${String(m.bernd!.memberNr)};${IDS.bernd};02.11.1975;1;${d};;;`,
      `4;${String(m.emil!.memberNr)};${IDS.emil};30.01.1988;1;${d};999999;9;`,
      `4;${String(m.frieda!.memberNr)};${IDS.frieda};07.07.1999;2;${d};LT;8;`,
      `4;99;12345678911;01.01.1970;1;${d};ev;9;`,
    ].join('\r\n');
    const res = await upload(taskId, answer).expect(201);
    expect((res.body as TaskDto).id).toBe(taskId);
    const done = await until(t.http, t.adminToken, taskId, (task) =>
      ['completed', 'failed', 'rejected'].includes(task.state),
    );
    expect(done.state).toBe('completed');
    expect(done.summary).toEqual({ withChurch: 2, withoutChurch: 1, errors: 2, noInformation: 1 });

    // The church data without their tag (the PUT's compare-and-set, terms-church-edit-lost-update.e2e), which is checked
    // for its form only.
    const church = async (x: MemberDto) => {
      const { masterTag, ...data } = (
        await request(t.http).get(`/api/v1/members/${x.id}/church-tax`).set(auth(t.adminToken)).expect(200)
      ).body as MemberChurchTaxDto;
      expect(masterTag).toMatch(/^[0-9a-f]{16}$/);
      return data;
    };
    expect(await church(m.anna!)).toEqual({
      memberId: m.anna!.id,
      churchId: 'rk',
      churchTaxRate: '9',
      queriedOn: STATUS,
      queryKind: 'regular',
      taskId,
    });
    expect(await church(m.bernd!)).toEqual({
      memberId: m.bernd!.id,
      churchId: null,
      churchTaxRate: null,
      queriedOn: STATUS,
      queryKind: 'regular',
      taskId,
    });
    expect(await church(m.frieda!)).toMatchObject({
      churchId: 'lt',
      churchTaxRate: '8',
      queryKind: TODAY > STATUS ? 'event' : 'regular',
      taskId,
    });
    expect(await church(m.emil!)).toMatchObject({ churchId: null, queriedOn: null, taskId: null });

    const history = (
      await request(t.http).get(`/api/v1/members/${m.bernd!.id}/history`).set(auth(t.adminToken)).expect(200)
    ).body as MemberHistoryEntry[];
    // The null answer deleted Bernd's church key once written (decision 101): the church data he had is erased from the
    // log and so from the history too; his other data still reads. Anna's answer with a church keeps hers.
    expect(history.at(-1)).toMatchObject({
      type: 'ChurchDataRecorded',
      user: 'admin',
      changes: [
        { field: 'churchId', from: null, to: null },
        { field: 'churchTaxRate', from: null, to: null },
      ],
    });
    expect(await t.running.storage.keys.find(`member-church-${m.bernd!.id}`)).toBeUndefined();
    expect(await t.running.storage.keys.find(`member-${m.bernd!.id}`)).toBeDefined();
    expect(await t.running.storage.keys.find(`member-church-${m.anna!.id}`)).toBeDefined();
    const bernd = await t.running.storage.events.readStream(`member-${m.bernd!.id}`);
    expect(
      bernd.filter((e) => 'churchId' in (e.data as object)).map((e) => (e.data as { churchId: unknown }).churchId),
    ).toEqual([null, null]);
    expect(bernd[0]).toMatchObject({
      data: { name: 'Abfrage', givenName: 'Bernd', churchId: null, churchTaxRate: null },
      erased: expect.arrayContaining(['churchId', 'churchTaxRate']),
    });

    const notes = await notesOf(t.running, taskId);
    expect(notes).toEqual(
      expect.arrayContaining([
        // The key is left out: a notification never names a church (issue 38); the answer file (church:read) shows it.
        ['kistamError', 'kistamMemberError', [String(m.emil!.memberNr), 'kistamUnknownChurchKey'], m.emil!.id],
        ['kistamError', 'kistamGenericError', ['kistamNotRequested', '7'], taskId],
        ['generic', 'kistamNoInformation', [String(m.gustav!.memberNr)], m.gustav!.id],
        ['generic', 'kistamAnswerRead', ['2', '1', '2'], taskId],
      ]),
    );
    // No member's personal data in a notification: ids and numbers only.
    expect(JSON.stringify(notes)).not.toMatch(/Abfrage|86095742719|rk/);
    // Every role reads the notifications, the restricted user too: none names a church key (issue 38).
    for (const token of [restricted, t.adminToken]) {
      const listed = await request(t.http)
        .get('/api/v1/notifications')
        .query({ limit: 100 })
        .set(auth(token))
        .expect(200);
      const mine = (listed.body as { taskId: string | null; message: string }[]).filter((n) => n.taskId === taskId);
      expect(mine.map((n) => n.message)).toContain('kistamMemberError');
      expect(JSON.stringify(mine)).not.toContain('999999');
    }
  });

  it('refuses a second answer to a task no longer waiting', async () => {
    await upload(taskId, `1;2;DE1;${germanDate(TODAY)}\r\n`).expect(409);
  });

  it('asks next time only about the members still without this regular query', async () => {
    const res = await request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken)).expect(201);
    const next = await until(t.http, t.adminToken, (res.body as TaskDto).id, ended);
    expect(next.state).toBe('waiting');
    // Anna, Bernd (regular, answered) and Frieda (event, answered) are done; Emil and Gustav are asked again; Carla and Hanna still have no tax id.
    expect(next.summary).toMatchObject({ requested: 2, problems: 2 });
  });
});

describe('KiStAM: run by the worker (TASKS_RUN_IN=worker)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-kistam-worker-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET,
    ADMIN_UI_DIR: join(dataDir, 'no-console'),
    TASKS_RUN_IN: 'worker',
    READ_THREADS: '0',
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the API queues the query; the worker has the KiStAM handler and writes the request file', async () => {
    const api = await createApp(loadConfig(env), AREAS, { logger: false, runtime: RUNTIME });
    const worker = await startWorker(loadConfig(env), AREAS, { logger: false, runtime: RUNTIME });
    try {
      expect(api.app.get(TaskRunner).running).toBe(false);
      const http = api.app.getHttpServer() as App;
      const token = await login(http, 'admin', ADMIN_PASSWORD);
      await request(http)
        .put(`/api/v1/cooperatives/${api.firstStart!.cooperativeId}`)
        .set(auth(token))
        .send(validCooperative({ balanceCost: 100, minimumShares: 1 }))
        .expect(200);
      await createMember(http, token, {
        manualTaxId: IDS.anna,
        entryDate: '2020-01-15',
        approvalDate: '2020-01-20',
        interestBegin: '2020-02-01',
      });
      await request(http)
        .post('/api/v1/elmanumbers')
        .set(auth(token))
        .send({ elmaProcess: 'km', elmaNumber: '40012345678' })
        .expect(201);
      const id = ((await request(http).post('/api/v1/tasks/kistam').set(auth(token)).expect(201)).body as TaskDto).id;
      const waiting = await until(http, token, id, ended);
      expect(waiting).toMatchObject({ state: 'waiting', summary: { requested: 1, problems: 0, files: 1 } });
    } finally {
      await worker.close();
      await api.close();
    }
  }, 60_000);
});
