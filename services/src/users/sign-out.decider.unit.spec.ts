import { describe, it } from '@jest/globals';
import { NotFoundError } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { userDecider } from './domain/user.decider.js';

const spec = deciderSpec(userDecider);
const by = { userId: 'user-1', roles: ['ROLE_USER' as const] };
const created = {
  type: 'UserCreated' as const,
  data: {
    userId: 'user-1',
    cooperativeId: 'coop-1',
    username: 'anna',
    passwordHash: 'argon2(x)',
    roles: ['ROLE_USER' as const],
  },
};

describe('user decider: SignOut (issue 38)', () => {
  it('records the sign-out on the user stream, also after an earlier one', () => {
    spec
      .given([created])
      .when({ type: 'SignOut', by })
      .then([{ type: 'UserSignedOut', data: { userId: 'user-1' } }]);
    spec
      .given([created, { type: 'UserSignedOut', data: { userId: 'user-1' } }])
      .when({ type: 'SignOut', by })
      .then([{ type: 'UserSignedOut', data: { userId: 'user-1' } }]);
  });

  it('answers a deleted user as NotFoundError', () => {
    spec
      .given([created, { type: 'UserDeleted', data: { userId: 'user-1' } }])
      .when({ type: 'SignOut', by })
      .thenThrows(NotFoundError, () => undefined);
  });
});
