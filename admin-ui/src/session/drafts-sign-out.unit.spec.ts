import { describe, expect, it } from '@jest/globals';
import { authProvider } from './authProvider';
import { leaveDraft, sessionEndedUnasked, signedIn, takeDraft } from './drafts';

const DRAFT = { user: 'u1', place: '/members/m1', values: { iban: 'DE02120300000000202051', masterTag: 'abc' } };

/*
 * A draft is kept for the sign-in after a session's unasked end (decision 426), and the first form after that sign-in
 * takes it. When no form took it (the place showed none: the record gone, a list first), it stayed held through a
 * sign-out the clerk chose, the typed data in the tab's memory, and came back at that place after a later sign-in.
 */
describe('a kept draft and the sign-out the clerk chose', () => {
  it('is dropped by the clerk’s own sign-out, also when no form took it after the sign-in', async () => {
    sessionEndedUnasked();
    leaveDraft(DRAFT);
    signedIn('u1');
    await authProvider.logout({});
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('is kept when the sign-out is the session’s unasked end (the idle time, SessionKeeper)', async () => {
    sessionEndedUnasked();
    leaveDraft(DRAFT);
    await authProvider.logout({});
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toEqual(DRAFT.values);
  });
});
