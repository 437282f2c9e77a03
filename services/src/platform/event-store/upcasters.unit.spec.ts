import { describe, expect, it } from '@jest/globals';
import { Upcasters, type Upcaster } from './upcasters.js';

/** v1 had `name`; v2 renamed it to `username`; v3 added `roles` (default ROLE_USER). */
const v1ToV2: Upcaster = {
  type: 'UserCreated',
  fromVersion: 1,
  upcast: ({ name, ...rest }) => ({ ...rest, username: name }),
};
const v2ToV3: Upcaster = {
  type: 'UserCreated',
  fromVersion: 2,
  upcast: (data) => ({ ...data, roles: data.roles ?? ['ROLE_USER'] }),
};

describe('Upcasters', () => {
  // Registered out of order on purpose: the chain follows the versions, not the list.
  const chain = new Upcasters([v2ToV3, v1ToV2]);

  it('upcasts v1 through v2 to v3', () => {
    expect(chain.apply('UserCreated', 1, { userId: 'u-1', name: 'anna' })).toEqual({
      data: { userId: 'u-1', username: 'anna', roles: ['ROLE_USER'] },
      version: 3,
    });
  });

  it('upcasts v2 only by the last step', () => {
    expect(chain.apply('UserCreated', 2, { userId: 'u-1', username: 'anna', roles: ['ROLE_ADMIN'] })).toEqual({
      data: { userId: 'u-1', username: 'anna', roles: ['ROLE_ADMIN'] },
      version: 3,
    });
  });

  it('leaves the newest version as it is', () => {
    const data = { userId: 'u-1', username: 'anna', roles: [] };
    const result = chain.apply('UserCreated', 3, data);
    expect(result.version).toBe(3);
    expect(result.data).toBe(data);
  });

  it('leaves other event types alone', () => {
    const data = { userId: 'u-1', name: 'anna' };
    expect(chain.apply('UserRenamed', 1, data)).toEqual({ data, version: 1 });
  });

  it('does not change the data it was given', () => {
    const data = { userId: 'u-1', name: 'anna' };
    chain.apply('UserCreated', 1, data);
    expect(data).toEqual({ userId: 'u-1', name: 'anna' });
  });

  it('stops at a gap in the chain', () => {
    const gap = new Upcasters([v1ToV2, { type: 'UserCreated', fromVersion: 3, upcast: (d) => ({ ...d, v4: true }) }]);
    expect(gap.apply('UserCreated', 1, { name: 'anna' })).toEqual({ data: { username: 'anna' }, version: 2 });
  });
});
