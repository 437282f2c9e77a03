import { describe, expect, it } from '@jest/globals';
import { draftOf, leaveDraft, sessionEndedUnasked, signedIn, takeDraft } from './drafts';

const DRAFT = { user: 'u1', place: '/members/m1', values: { city: 'Potsdam', masterTag: 'abc' } };

describe('a form input kept across a sign-in (decision 426)', () => {
  it('keeps nothing when the form goes while the session lives (a save, a link, a sign-out by the clerk)', () => {
    signedIn('u1');
    leaveDraft(DRAFT);
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('gives the input back to the same user at the same place, once', () => {
    sessionEndedUnasked();
    leaveDraft(DRAFT);
    expect(takeDraft('u1', '/members/m1')).toBeNull(); // nobody signed in yet
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toEqual(DRAFT.values);
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('drops it when another user signs in', () => {
    sessionEndedUnasked();
    leaveDraft(DRAFT);
    signedIn('u2');
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('drops it when the first form shown after the sign-in is another', () => {
    sessionEndedUnasked();
    leaveDraft(DRAFT);
    signedIn('u1');
    expect(takeDraft('u1', '/members/m2')).toBeNull();
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('keeps nothing of a form without changes', () => {
    sessionEndedUnasked();
    leaveDraft({ ...DRAFT, values: {} });
    signedIn('u1');
    expect(takeDraft('u1', '/members/m1')).toBeNull();
  });

  it('keeps the changed fields and the version tag, never a password', () => {
    const values = {
      city: 'Potsdam',
      name: 'Berger',
      masterTag: 't1',
      password: 'Geheim-1',
      passwordRepeat: 'Geheim-1',
    };
    expect(draftOf(['city', 'password', 'passwordRepeat'], values)).toEqual({ city: 'Potsdam', masterTag: 't1' });
    expect(draftOf(['password', 'passwordRepeat'], values)).toEqual({});
  });
});
