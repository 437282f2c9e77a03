import type { TaskDto } from '@coop/contracts';
import { startApp, type TestApp } from './support/app.js';
import { BAD_IBAN, csv, IBAN_1, MEMBER_HEADERS, memberLine, SHARE, upload } from './support/member-import.js';
import { setTerms } from './support/members.js';
import { ended, headlines, notificationsOf, until } from './support/tasks.js';

/*
 * A rejected task's notification carries its reason's parameters (decision 302): `taskRejected` [kind, template, the
 * template's parameters], as the task's `reason` has them, so the console names the figure (the import's problem
 * count) instead of a text without it. Before, the notification held [kind, template] only.
 */
describe('the notification of a rejected task (decision 302)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Above 3 rows the import runs as tasks.
    t = await startApp({ IMPORT_SYNC_ROWS: '3' });
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
  });
  afterAll(async () => t.close());

  it("carries the import's problem count, as the task's reason does", async () => {
    const files = [
      {
        name: 'mitglieder.csv',
        bytes: csv([
          MEMBER_HEADERS,
          memberLine(1, 'Müller', BAD_IBAN, 1),
          memberLine(2, 'Schmidt', BAD_IBAN, 1),
          memberLine(3, 'Meier', IBAN_1, 1),
          memberLine(4, 'Weber', IBAN_1, 1),
        ]),
      },
    ];
    const write = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(write.status).toBe(202);
    const task: TaskDto = await until(t.http, t.adminToken, (write.body as { taskId: string }).taskId, ended);
    expect(task).toMatchObject({ kind: 'memberImport', state: 'rejected', reason: { template: 'importHasProblems' } });
    const count = task.reason!.parameters[0]!;
    expect(Number(count)).toBeGreaterThanOrEqual(2);
    expect(headlines(await notificationsOf(t.running, task.id))).toEqual([
      ['taskStarted', ['memberImport']],
      ['taskRejected', ['memberImport', 'importHasProblems', count]],
    ]);
  });
});
