import request from 'supertest';
import type { MemberDto, NotificationDto } from '@coop/contracts';
import { NOTIFIER, type NotificationDraft, type Notifier } from '../../services/src/tasks/index.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/*
 * The notification centre through the API (issue 24; SPEC.md 2, 3, 7): notifications raised with the product's
 * `Notifier` (token NOTIFIER) are listed newest first per cooperative, filtered by seen and type, the unread count is
 * `TotalItems` of `filter=seen:0`, marking seen is recorded as one `NotificationSeen` event per unseen notification,
 * and another cooperative's notifications are unknown (404 naming them, nothing written).
 */
describe('notifications', () => {
  let t: TestApp;
  let otherCoop: string;
  let otherAdmin: string;
  let restricted: string;
  let member: MemberDto;
  const ids: Record<string, string> = {};

  const list = (token: string, query: Record<string, string> = {}): request.Test =>
    request(t.http).get('/api/v1/notifications').query(query).set(auth(token));
  const markSeen = (token: string, body: unknown): request.Test =>
    request(t.http)
      .post('/api/v1/notifications/mark-seen')
      .set(auth(token))
      .send(body as object);
  const notifier = (): Notifier => t.running.app.get<symbol, Notifier>(NOTIFIER, { strict: false });
  const byMessage = async (token: string): Promise<Record<string, NotificationDto>> => {
    const res = await list(token, { limit: '100' }).expect(200);
    return Object.fromEntries((res.body as NotificationDto[]).map((n) => [n.message, n]));
  };
  const notificationEvents = async (): Promise<string[]> => {
    const types: string[] = [];
    for (const id of Object.values(ids))
      for (const e of await t.running.storage.events.readStream(`notification-${id}`)) types.push(`${e.type}:${id}`);
    return types.sort();
  };

  beforeAll(async () => {
    t = await startApp();
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'notifications-other-eg' }));
    otherCoop = (coop.body as { id: string }).id;
    otherAdmin = (
      await userWith(t.http, t.adminToken, 'notifications-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherCoop)
    ).token;
    restricted = (await userWith(t.http, t.adminToken, 'notifications-restricted', ['ROLE_RESTRICTED_USER'])).token;
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    member = await createMember(t.http, t.adminToken, { name: 'Hinweis' });
    const raise = async (cooperativeId: string, draft: NotificationDraft): Promise<void> =>
      notifier().raise(cooperativeId, 'admin', [draft]);
    await raise(t.cooperativeId, { type: 'generic', message: 'taskStarted', parameters: ['fsak'] });
    await raise(t.cooperativeId, {
      type: 'kistamError',
      message: 'kistamMemberError',
      parameters: [String(member.memberNr), 'taxIdMissing'],
      entityClass: 'member',
      entityId: member.id,
      member: member.id,
    });
    await raise(t.cooperativeId, {
      type: 'validationError',
      message: 'validationFailed',
      parameters: ['member'],
      errors: [
        { field: 'taxId', template: 'taxIdMissing', parameters: [], entityClass: 'member', entityId: member.id },
      ],
    });
    await raise(otherCoop, { type: 'generic', message: 'taskCompleted', parameters: ['kistam'] });
    Object.assign(ids, Object.fromEntries(Object.entries(await byMessage(t.adminToken)).map(([m, n]) => [m, n.id])));
    ids.other = (await byMessage(otherAdmin)).taskCompleted!.id;
  }, 60_000);
  afterAll(async () => t.close());

  it('lists the cooperative’s notifications newest first, with the member’s number looked up and no names', async () => {
    const res = await list(t.adminToken).expect(200);
    expect(res.headers.totalitems).toBe('3');
    const items = res.body as NotificationDto[];
    expect(items.map((n) => n.message)).toEqual(['validationFailed', 'kistamMemberError', 'taskStarted']);
    expect(items.every((n) => n.seen === false)).toBe(true);
    const kistam = items[1]!;
    expect(kistam).toMatchObject({
      type: 'kistamError',
      member: member.id,
      memberNr: member.memberNr,
      entityClass: 'member',
      entityId: member.id,
      parameters: [String(member.memberNr), 'taxIdMissing'],
    });
    expect(JSON.stringify(kistam)).not.toContain('Hinweis');
    expect(items[0]!.errors).toEqual([
      { field: 'taxId', template: 'taxIdMissing', parameters: [], entityClass: 'member', entityId: member.id },
    ]);
    expect(items[2]!.memberNr).toBeNull();
  });

  it('shows one notification, and answers another cooperative’s as not found', async () => {
    const one = await request(t.http)
      .get(`/api/v1/notifications/${ids.taskStarted}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect((one.body as NotificationDto).message).toBe('taskStarted');
    const foreign = await request(t.http).get(`/api/v1/notifications/${ids.other}`).set(auth(t.adminToken)).expect(404);
    expect((foreign.body as { errors: { template: string }[] }).errors.map((e) => e.template)).toEqual([
      'notificationNotFound',
    ]);
    await request(t.http).get('/api/v1/notifications/no-such-id').set(auth(t.adminToken)).expect(404);
  });

  it('never lists another cooperative’s notifications', async () => {
    const other = await list(otherAdmin).expect(200);
    expect((other.body as NotificationDto[]).map((n) => n.id)).toEqual([ids.other]);
    expect(other.headers.totalitems).toBe('1');
  });

  it('filters by type and answers an empty page with 204', async () => {
    const kistam = await list(t.adminToken, { filter: 'type:kistamError' }).expect(200);
    expect((kistam.body as NotificationDto[]).map((n) => n.id)).toEqual([ids.kistamMemberError]);
    await list(t.adminToken, { filter: 'type:html' }).expect(204);
    await list(t.adminToken, { filter: 'nosuchfield:1' }).expect(400);
  });

  it('refuses to mark seen when an id is unknown or another cooperative’s, naming them, and writes nothing', async () => {
    const before = await notificationEvents();
    const res = await markSeen(t.adminToken, { ids: [ids.taskStarted, ids.other, 'no-such-id'] }).expect(404);
    expect(
      (res.body as { errors: { field: string | null; template: string; parameters: Record<string, string> }[] }).errors,
    ).toEqual([
      { field: 'ids', template: 'notificationNotFound', parameters: { 0: ids.other } },
      { field: 'ids', template: 'notificationNotFound', parameters: { 0: 'no-such-id' } },
    ]);
    expect(await notificationEvents()).toEqual(before);
    expect((await list(t.adminToken, { filter: 'seen:0' }).expect(200)).headers.totalitems).toBe('3');
  });

  it('refuses a body without a list of ids', async () => {
    await markSeen(t.adminToken, { ids: 'x' }).expect(400);
  });

  it('marks notifications seen as one event each, answers them, and counts the unread with filter seen:0', async () => {
    const unread = await list(t.adminToken, { filter: 'seen:0' }).expect(200);
    expect(unread.headers.totalitems).toBe('3');
    const res = await markSeen(restricted, { ids: [ids.taskStarted, ids.kistamMemberError, ids.taskStarted] }).expect(
      200,
    );
    expect((res.body as NotificationDto[]).map((n) => [n.id, n.seen])).toEqual([
      [ids.taskStarted, true],
      [ids.kistamMemberError, true],
    ]);
    const seenEvents = (await notificationEvents()).filter((e) => e.startsWith('NotificationSeen'));
    expect(seenEvents).toEqual(
      [`NotificationSeen:${ids.kistamMemberError}`, `NotificationSeen:${ids.taskStarted}`].sort(),
    );
    const stillUnread = await list(t.adminToken, { filter: 'seen:0' }).expect(200);
    expect(stillUnread.headers.totalitems).toBe('1');
    expect((stillUnread.body as NotificationDto[]).map((n) => n.id)).toEqual([ids.validationFailed]);
    expect((await list(t.adminToken, { filter: 'seen:1' }).expect(200)).headers.totalitems).toBe('2');
    // The other cooperative's notification is untouched.
    expect((await list(otherAdmin, { filter: 'seen:0' }).expect(200)).headers.totalitems).toBe('1');
  });

  it('takes the bare list of ids SPEC.md 7 names, and marks them (answered 200 [] and marked nothing before issue 43)', async () => {
    const res = await markSeen(t.adminToken, [ids.validationFailed]).expect(200);
    expect((res.body as NotificationDto[]).map((n) => [n.id, n.seen])).toEqual([[ids.validationFailed, true]]);
    expect((await list(t.adminToken, { filter: 'seen:0' }).expect(204)).headers.totalitems ?? '0').toBe('0');
  });

  it('refuses a body that is neither a list of ids nor an object with one (400 bodyMustBeObject)', async () => {
    const res = await markSeen(t.adminToken, JSON.stringify('x')).set('Content-Type', 'application/json').expect(400);
    expect((res.body as { errors: unknown }).errors).toEqual([
      { field: null, template: 'bodyMustBeObject', parameters: {} },
    ]);
  });

  it('records nothing when every notification is already seen', async () => {
    const head = await t.running.storage.events.headPosition();
    const res = await markSeen(t.adminToken, { ids: [ids.taskStarted] }).expect(200);
    expect((res.body as NotificationDto[])[0]!.seen).toBe(true);
    expect(await t.running.storage.events.headPosition()).toBe(head);
  });
});
