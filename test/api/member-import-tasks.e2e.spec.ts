import request from 'supertest';
import type { TaskDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { setTerms } from './support/members.js';
import { ended, until } from './support/tasks.js';
import { SHARE, binary, cleanCsv, upload, members } from './support/member-import.js';

// The import of a member register as tasks above IMPORT_SYNC_ROWS (issue 29); the rest: member-import.e2e.spec.ts.
describe('the import as tasks above IMPORT_SYNC_ROWS (issue 29)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ IMPORT_SYNC_ROWS: '3' });
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
  });
  afterAll(async () => t.close());

  it('runs the dry run and the write as tasks, with their results, the problems workbook and a notification', async () => {
    const files = cleanCsv(1);
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run?lang=en', files);
    expect(dry.status).toBe(202);
    const dryTask = await until(t.http, t.adminToken, (dry.body as { taskId: string }).taskId, ended);
    expect(dryTask).toMatchObject({
      kind: 'memberImportDryRun',
      state: 'completed',
      summary: { members: 2, importProblems: 0 },
    });
    const json = dryTask.files.find((f) => f.name === 'import-dry-run.json')!;
    const result = await request(t.http)
      .get(`/api/v1/tasks/${dryTask.id}/files/${json.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    expect(JSON.parse((result.body as Buffer).toString('utf8'))).toMatchObject({
      canWrite: true,
      summary: { members: 2 },
    });
    expect(dryTask.files.map((f) => f.name)).toContain('import-problems.xlsx');
    expect(await members(t.http, t.adminToken)).toEqual([]);

    const write = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(write.status).toBe(202);
    const task: TaskDto = await until(t.http, t.adminToken, (write.body as { taskId: string }).taskId, ended);
    expect(task).toMatchObject({ kind: 'memberImport', state: 'completed', summary: { written: 1, members: 2 } });
    expect((await members(t.http, t.adminToken)).map((m) => m.memberNr).sort()).toEqual([1, 2]);
    const notifications = await request(t.http).get('/api/v1/notifications').set(auth(t.adminToken));
    expect(JSON.stringify(notifications.body)).toContain('taskCompleted');

    // The uploaded files are gone once the tasks ended.
    const stored = await t.running.storage.events.readStream(`imports-${t.cooperativeId}`);
    expect(stored.map((e) => e.type)).toEqual([
      'RegisterImportStarted',
      'RegisterImportChunkWritten',
      'RegisterImported',
    ]);
    const again = await upload(t.http, t.adminToken, '/api/v1/import', files);
    const second = await until(t.http, t.adminToken, (again.body as { taskId: string }).taskId, ended);
    expect(second).toMatchObject({ state: 'completed', summary: { written: 0 } });
    expect(await t.running.storage.events.readStream(`imports-${t.cooperativeId}`)).toHaveLength(3);
  });
});
