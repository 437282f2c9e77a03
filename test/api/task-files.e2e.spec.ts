import request from 'supertest';
import { ROLES, TASK_KINDS, type Role, type TaskKind } from '@coop/contracts';
import { TASK_QUEUE, TaskHandlerRegistry, type TaskQueue } from '../../services/src/tasks/index.js';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { ended, scripted, ScriptedHandler, until, useHandlers } from './support/tasks.js';

/*
 * Who may download a task's files (issue 38): every kind of task × every role. A file carries the permission of the
 * work that made it, declared once by its kind's handler, plus `church:read` where it holds church data; before, an
 * FSA control report's file (names, birth dates, addresses, tax ids) answered 200 to `ROLE_RESTRICTED_USER`, for whom
 * `GET /tasks/fsak/{id}` is 403. Each kind runs a stand-in that makes one file, guarded as the product's handler of the
 * kind declares (useHandlers); the table below is the rule as docs/security.md states it.
 */

const MAKERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
const READERS: readonly Role[] = [...MAKERS, 'ROLE_RESTRICTED_USER'];
const ADMINS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];

/** The roles that may download a file of each kind. */
const MAY_DOWNLOAD: Readonly<Record<TaskKind, readonly Role[]>> = {
  // church:write to run it, church:read for its church data and tax ids.
  kistam: MAKERS,
  // dividend:close, as POST /tasks/fsak/{id}.
  fsak: MAKERS,
  // dividend:read and church:read, as GET /tax-pdf/{id}.
  taxCertificates: MAKERS,
  // members:read, as the member lists themselves.
  memberExport: READERS,
  memberPdfs: READERS,
  // import:write, as the import.
  memberImportDryRun: ADMINS,
  memberImport: ADMINS,
  // dividend:close, as POST /dividend/store (it makes no files; issue 40).
  dividendClosure: MAKERS,
  // projections:rebuild, as POST /admin/projections/rebuilds (it makes no files; issue 41).
  readModelRebuild: ['ROLE_SUPER_ADMIN'],
};

describe('task files: every kind × every role', () => {
  let t: TestApp;
  let restore: () => void;
  const tokens = new Map<Role, string>();
  const files = new Map<TaskKind, string>();

  beforeAll(async () => {
    t = await startApp();
    const stands = TASK_KINDS.map((kind) => new ScriptedHandler(kind, true));
    restore = useHandlers(t.running, stands);
    for (const role of ROLES)
      tokens.set(
        role,
        (await userWith(t.http, t.adminToken, `files-${role.toLowerCase().replace(/_/g, '-')}`, [role])).token,
      );
    const queue = t.running.app.get<TaskQueue>(TASK_QUEUE);
    for (const kind of TASK_KINDS) {
      const id = await queue.enqueue(
        scripted({ cooperativeId: t.cooperativeId, user: 'admin', kind, params: { script: 'complete' } }),
      );
      const done = await until(t.http, t.adminToken, id, ended);
      expect(done.state).toBe('completed');
      files.set(kind, `/api/v1/tasks/${id}/files/${done.files[0]!.fileId}`);
    }
  }, 120_000);
  afterAll(async () => {
    restore();
    await t.close();
  });

  it('every kind declares what its files need, and a stand-in is guarded as the product’s handler', () => {
    const registry = t.running.app.get(TaskHandlerRegistry);
    for (const kind of TASK_KINDS) expect(registry.filePermissionsOf(kind)?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(TASK_KINDS.flatMap((kind) => ROLES.map((role) => [kind, role] as const)))(
    '%s files as %s',
    async (kind, role) => {
      const res = await request(t.http)
        .get(files.get(kind)!)
        .set(auth(tokens.get(role)!));
      expect({ kind, role, status: res.status }).toEqual({
        kind,
        role,
        status: MAY_DOWNLOAD[kind].includes(role) ? 200 : 403,
      });
    },
  );
});
