import request from 'supertest';
import { VALIDATION_MESSAGES_DE, VALIDATION_MESSAGES_EN, type TaskDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { ended, notificationsOf, until } from './support/tasks.js';

/*
 * The member list exports within their budget (docs/exports.md "Budget"; decision 131's machinery): a file past its
 * time is refused, not made for as long as it takes. `EXPORT_BUDGET_SECONDS=0` leaves no time, so every export is
 * past it at its first batch: the answer at once is `503 renderBudgetExceeded` [seconds, the format's MB], a
 * `memberExport` task is rejected with that reason (translated in the console, en and de), and the server answers on.
 * Before the budget, each was made: 200 with the file, a completed task.
 */
describe('member list exports past their budget', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ EXPORT_SYNC_LIMIT: '1', EXPORT_BUDGET_SECONDS: '0' });
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    await createMember(t.http, t.adminToken, { name: 'Budget' });
  });
  afterAll(async () => t.close());

  it.each(['csv', 'xlsx', 'ods'] as const)('refuses %s at once 503 renderBudgetExceeded', async (format) => {
    const res = await request(t.http).get(`/api/v1/export/members.${format}`).set(auth(t.adminToken));
    expect(res.status).toBe(503);
    // [the seconds, the format's heap in MB] (MEMBER_EXPORT_BUDGETS).
    expect((res.body as { errors: unknown }).errors).toEqual([
      { field: null, template: 'renderBudgetExceeded', parameters: { 0: '0', 1: expect.stringMatching(/^\d+$/) } },
    ]);
    await request(t.http).get('/api/v1/ping').set(auth(t.adminToken)).expect(200);
  });

  it('rejects the memberExport task with the reason the console translates, and the server answers on', async () => {
    await createMember(t.http, t.adminToken, { name: 'Budget', givenName: 'Berta' });
    const queued = await request(t.http).get('/api/v1/export/members.xlsx').set(auth(t.adminToken)).expect(202);
    const task = await until(t.http, t.adminToken, (queued.body as TaskDto).id, ended);
    const mb = expect.stringMatching(/^\d+$/) as string;
    expect(task).toMatchObject({ kind: 'memberExport', state: 'rejected', files: [], error: null });
    expect(task.reason).toEqual({ template: 'renderBudgetExceeded', parameters: ['0', mb] });
    expect(VALIDATION_MESSAGES_EN.renderBudgetExceeded).toMatch(/^The file could not be made .*%\{0\} seconds/);
    expect(VALIDATION_MESSAGES_DE.renderBudgetExceeded).toMatch(/^Die Datei konnte nicht .*%\{0\} Sekunden/);
    const notices = await notificationsOf(t.running, task.id);
    expect(notices.map((n) => [n.message, n.parameters])).toContainEqual([
      'taskRejected',
      ['memberExport', 'renderBudgetExceeded', '0', mb],
    ]);
    await request(t.http).get('/api/v1/ping').set(auth(t.adminToken)).expect(200);
    await request(t.http).get('/api/v1/members?limit=5').set(auth(t.adminToken)).expect(200);
  }, 60_000);
});
