import type { CollectionSpec, ReadDocument, RecordedEvent, UserEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

export const USERS: CollectionSpec = {
  name: 'users',
  fields: { username: 'string', roles: 'string' },
  search: ['username'],
  arrays: ['roles'],
  // The list is sorted by username: a search reads its matches in that order (SqliteReadStore).
  textOrder: 'username',
};

/**
 * What sign-in needs; kept apart from the user list so a list query can never carry a password hash. `sessionVersion`
 * (issue 38): the user stream's revision of the last event that ends the user's sessions (a password change or reset, a
 * role change, a sign-out), 0 before any; a token carries the version it was issued for and works only while it is
 * the current one.
 */
export const CREDENTIALS: CollectionSpec = {
  name: 'credentials',
  fields: { username: 'string' },
  search: [],
  // Sign-in looks the username up in every cooperative.
  crossTenant: [['username']],
};

const TYPES = new Set<string>([
  'UserCreated',
  'UserRenamed',
  'UserPasswordChanged',
  'UserRolesChanged',
  'UserDeleted',
  'UserSignedOut',
]);

export const usersProjector: Projector = {
  collections: [USERS, CREDENTIALS],
  keys(event: RecordedEvent): DocKey[] {
    if (!TYPES.has(event.type)) return [];
    const { userId } = (event as RecordedEvent<UserEvent>).data;
    return [
      { collection: USERS.name, id: userId },
      { collection: CREDENTIALS.name, id: userId },
    ];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as RecordedEvent<UserEvent>;
    const id = event.data.userId;
    const user = current({ collection: USERS.name, id });
    const cred = current({ collection: CREDENTIALS.name, id });
    const put = (collection: string, doc: ReadDocument): WriteOp => ({ kind: 'put', collection, doc });
    switch (event.type) {
      case 'UserCreated': {
        const { cooperativeId, username, passwordHash, roles } = event.data;
        return [
          put(USERS.name, stamp(event, { id, cooperativeId, username, roles })),
          put(CREDENTIALS.name, stamp(event, { id, cooperativeId, username, passwordHash, roles, sessionVersion: 0 })),
        ];
      }
      case 'UserRenamed':
        return both(user, cred, event, { username: event.data.username }, put);
      case 'UserRolesChanged':
        return both(user, cred, event, { roles: event.data.roles }, put, { sessionVersion: event.revision });
      case 'UserPasswordChanged':
        return cred
          ? [
              put(CREDENTIALS.name, {
                ...cred,
                passwordHash: event.data.passwordHash,
                sessionVersion: event.revision,
                position: event.position.toString(),
              }),
            ]
          : [];
      case 'UserSignedOut':
        return cred
          ? [put(CREDENTIALS.name, { ...cred, sessionVersion: event.revision, position: event.position.toString() })]
          : [];
      case 'UserDeleted':
        return [
          { kind: 'delete', collection: USERS.name, id },
          { kind: 'delete', collection: CREDENTIALS.name, id },
        ];
    }
  },
};

function both(
  user: ReadDocument | undefined,
  cred: ReadDocument | undefined,
  event: RecordedEvent,
  change: Record<string, unknown>,
  put: (c: string, d: ReadDocument) => WriteOp,
  credentialsOnly: Record<string, unknown> = {},
): WriteOp[] {
  const position = event.position.toString();
  const ops: WriteOp[] = [];
  if (user) ops.push(put(USERS.name, { ...user, ...change, position }));
  if (cred) ops.push(put(CREDENTIALS.name, { ...cred, ...change, ...credentialsOnly, position }));
  return ops;
}
