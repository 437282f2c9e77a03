import { describe, expect, it } from '@jest/globals';
import { fieldError, ValidationError, type UsernameEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { usernameDecider } from './domain/username.decider.js';

const spec = deciderSpec(usernameDecider);

const claimed = (userId: string, username = 'anna'): UsernameEvent => ({
  type: 'UsernameClaimed',
  data: { username, userId },
});
const released = (userId: string, username = 'anna'): UsernameEvent => ({
  type: 'UsernameReleased',
  data: { username, userId },
});

describe('username decider', () => {
  it('claims a free username', () => {
    spec
      .given([])
      .when({ type: 'Claim', username: 'anna', userId: 'u-1' })
      .then([{ type: 'UsernameClaimed', data: { username: 'anna', userId: 'u-1' } }]);
  });

  it('is idempotent: the holder claiming again emits nothing', () => {
    spec
      .given([claimed('u-1')])
      .when({ type: 'Claim', username: 'anna', userId: 'u-1' })
      .then([]);
  });

  it('refuses a username another user holds with usernameTaken naming it', () => {
    spec
      .given([claimed('u-1')])
      .when({ type: 'Claim', username: 'Anna', userId: 'u-2' })
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('username', 'usernameTaken', 'Anna')]));
  });

  it('lets another user claim a username once it was released', () => {
    spec
      .given([claimed('u-1'), released('u-1')])
      .when({ type: 'Claim', username: 'anna', userId: 'u-2' })
      .then([{ type: 'UsernameClaimed', data: { username: 'anna', userId: 'u-2' } }]);
  });

  it('releases a username its holder gives up', () => {
    spec
      .given([claimed('u-1')])
      .when({ type: 'Release', username: 'anna', userId: 'u-1' })
      .then([{ type: 'UsernameReleased', data: { username: 'anna', userId: 'u-1' } }]);
  });

  it('is idempotent: releasing an already released username emits nothing', () => {
    spec
      .given([claimed('u-1'), released('u-1')])
      .when({ type: 'Release', username: 'anna', userId: 'u-1' })
      .then([]);
  });

  it("does not let a non-holder release somebody else's username", () => {
    spec
      .given([claimed('u-1')])
      .when({ type: 'Release', username: 'anna', userId: 'u-2' })
      .then([]);
  });

  it('emits nothing when releasing a username nobody holds', () => {
    spec.given([]).when({ type: 'Release', username: 'anna', userId: 'u-1' }).then([]);
  });
});
