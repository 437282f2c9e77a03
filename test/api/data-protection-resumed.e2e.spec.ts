import { jest } from '@jest/globals';
import request from 'supertest';
import type { CleanMemberResult, MemberDto, TaskDto } from '@coop/contracts';
import { OldTaskFiles } from '../../services/src/data-protection/commands/old-task-files.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import { until } from './support/tasks.js';

/*
 * A data-protection probe: a clean-up stopped after it recorded and shredded the erasure, before it removed the task
 * files that may name the member (docs/data-protection.md step 5; a crash, a failing file store). The keys and the
 * collections' files are completed by the next run from the log; the task files were removed only by a run that itself
 * erased someone, so the next run (nobody left due) left the member list of before, with the erased name, downloadable
 * until a list of its kind replaced it. An export made after the erasure names nobody erased and stays.
 */
describe('a clean-up stopped before it removed the task files is completed by the next run', () => {
  let t: TestApp;
  let gone: MemberDto;

  /** A member list made by a background task: the PDF, or the CSV export (another kind: neither replaces the other). */
  const memberList = async (path: string): Promise<TaskDto> => {
    const queued = (await request(t.http).get(path).set(auth(t.adminToken)).expect(202)).body as TaskDto;
    return until(t.http, t.adminToken, queued.id, (task) => task.state === 'completed');
  };
  const file = (task: TaskDto) =>
    request(t.http)
      .get(`/api/v1/tasks/${task.id}/files/${task.files[0]!.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const pdfText = async (task: TaskDto): Promise<string> =>
    (await pdfPages((await file(task).expect(200)).body as Buffer)).flat().join(' ');
  const csvText = async (task: TaskDto): Promise<string> => ((await file(task).expect(200)).body as Buffer).toString();
  const clean = () => request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken));

  beforeAll(async () => {
    t = await startApp({ PDF_SYNC_LIMIT: '1', EXPORT_SYNC_LIMIT: '1' });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // Died in 2012, settlement paid 2013: due since 1 January 2024.
    gone = await createMember(t.http, t.adminToken, {
      entryDate: '2005-01-15',
      approvalDate: '2005-01-20',
      interestBegin: '2005-02-01',
      name: 'Abgebrochen',
      givenName: 'Alma',
    });
    await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
    for (const givenName of ['Berta', 'Bruno'])
      await createMember(t.http, t.adminToken, { name: 'Bleibend', givenName });
  }, 60_000);
  afterAll(async () => t.close());

  it('the member list of before is removed by the next run; the export made after the erasure stays', async () => {
    const before = await memberList('/api/v1/pdf/members');
    expect(await pdfText(before)).toContain('Abgebrochen');

    // The run stops at the task files, after the erasure was recorded and the keys deleted.
    const stop = jest
      .spyOn(t.running.app.get(OldTaskFiles), 'removeBefore')
      .mockRejectedValueOnce(new Error('stopped'));
    expect((await clean()).status).toBe(500);
    stop.mockRestore();
    expect(await member(t.http, t.adminToken, gone.id)).toMatchObject({ memberType: 2, name: null });
    expect((await file(before)).status).toBe(200);
    const after = await memberList('/api/v1/export/members.csv?dialect=rfc4180');
    expect(await csvText(after)).toContain('Bleibend');
    expect(await csvText(after)).not.toContain('Abgebrochen');

    // The next run finds nobody due, and completes the step.
    expect(((await clean().expect(200)).body as CleanMemberResult).count).toBe(0);
    expect((await file(before)).status).toBe(404);
    expect(await csvText(after)).toContain('Bleibend');
  }, 60_000);
});
