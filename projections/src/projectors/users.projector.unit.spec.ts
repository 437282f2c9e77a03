import { describe, expect, it } from '@jest/globals';
import type { ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { CREDENTIALS, USERS, usersProjector } from './users.projector.js';

const AT = '2026-11-28T12:00:00.000Z';
let position = 0n;
const event = (type: string, revision: number, data: Record<string, unknown>): RecordedEvent =>
  ({
    type,
    streamId: 'user-u-1',
    revision,
    position: ++position,
    data: { userId: 'u-1', ...data },
    metadata: {
      cooperativeId: 'c-1',
      user: 'admin',
      timestamp: AT,
      correlationId: '',
      causationId: '',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

/** Projects the events in order into a map of documents, as the runner does. */
function project(events: readonly RecordedEvent[]): Map<string, ReadDocument> {
  const docs = new Map<string, ReadDocument>();
  for (const e of events) {
    const ops: readonly WriteOp[] = usersProjector.project(e, ({ collection, id }) => docs.get(`${collection}/${id}`));
    for (const op of ops) {
      if (op.kind === 'put') docs.set(`${op.collection}/${op.doc.id}`, op.doc);
      else if (op.kind === 'delete') docs.delete(`${op.collection}/${op.id}`);
    }
  }
  return docs;
}

describe('users projector: the session version (issue 38)', () => {
  const created = event('UserCreated', 0, {
    cooperativeId: 'c-1',
    username: 'anna',
    passwordHash: 'h0',
    roles: ['ROLE_USER'],
  });

  it('starts at 0 and becomes the revision of each password change, role change and sign-out, in the credentials only', () => {
    expect(project([created]).get(`${CREDENTIALS.name}/u-1`)).toMatchObject({ sessionVersion: 0 });
    const events = [
      created,
      event('UserPasswordChanged', 1, { passwordHash: 'h1' }),
      event('UserRenamed', 2, { username: 'anna-b' }),
    ];
    expect(project(events).get(`${CREDENTIALS.name}/u-1`)).toMatchObject({
      sessionVersion: 1,
      username: 'anna-b',
      passwordHash: 'h1',
    });
    events.push(event('UserRolesChanged', 3, { roles: ['ROLE_ADMIN'] }));
    const afterRoles = project(events);
    expect(afterRoles.get(`${CREDENTIALS.name}/u-1`)).toMatchObject({ sessionVersion: 3, roles: ['ROLE_ADMIN'] });
    expect(afterRoles.get(`${USERS.name}/u-1`)).not.toHaveProperty('sessionVersion');
    events.push(event('UserSignedOut', 4, {}));
    expect(usersProjector.keys(events[4]!)).toEqual([
      { collection: USERS.name, id: 'u-1' },
      { collection: CREDENTIALS.name, id: 'u-1' },
    ]);
    expect(project(events).get(`${CREDENTIALS.name}/u-1`)).toMatchObject({ sessionVersion: 4 });
  });
});
