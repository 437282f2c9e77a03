import { describe, expect, it } from '@jest/globals';
import { HttpError } from 'react-admin';
import { de } from '../i18n/de.js';
import { en } from '../i18n/en.js';
import { isSavedNotYetShown, SAVED_NOT_YET_SHOWN, savedNotYetShown } from './savedAnswer.js';

describe('savedNotYetShown', () => {
  it('turns a 202 "saved" answer into an error with the translated message key', () => {
    const error = savedNotYetShown(202, { saved: true, message: 'Saved. …' });
    expect(error).toBeInstanceOf(HttpError);
    expect(error?.message).toBe(SAVED_NOT_YET_SHOWN);
    expect(error?.status).toBe(202);
    expect(error?.body).toEqual({ saved: true, message: 'Saved. …' });
  });

  it('leaves every other answer alone', () => {
    expect(savedNotYetShown(201, { saved: true })).toBeUndefined();
    expect(savedNotYetShown(200, { id: 'x' })).toBeUndefined();
    expect(savedNotYetShown(202, { saved: false })).toBeUndefined();
    expect(savedNotYetShown(202, null)).toBeUndefined();
    expect(savedNotYetShown(202, 'saved')).toBeUndefined();
  });

  it('tells its own error from every other failure', () => {
    expect(isSavedNotYetShown(savedNotYetShown(202, { saved: true }))).toBe(true);
    expect(isSavedNotYetShown(new HttpError('Conflict', 409, { message: 'Conflict' }))).toBe(false);
    expect(isSavedNotYetShown(new HttpError(SAVED_NOT_YET_SHOWN, 500, null))).toBe(false);
    expect(isSavedNotYetShown(new Error(SAVED_NOT_YET_SHOWN))).toBe(false);
    expect(isSavedNotYetShown('coop.errors.savedNotYetShown')).toBe(false);
  });

  it('has the message in English and German', () => {
    expect(en.coop.errors.savedNotYetShown).toBe('Saved. It does not show in the lists yet and will in a moment. Do not enter it again.');
    expect(de.coop.errors.savedNotYetShown).toBe('Gespeichert. Es erscheint in Kürze in den Listen. Bitte nicht noch einmal erfassen.');
  });
});
