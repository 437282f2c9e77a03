import { describe, expect, it } from '@jest/globals';
import { HttpError } from 'react-admin';
import { de } from '../i18n/de.js';
import { en } from '../i18n/en.js';
import { isSavedNotYetShown, SAVED_NOT_YET_SHOWN, savedNotYetShown, writeNotYetShown } from './savedAnswer.js';

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
    expect(en.coop.errors.savedNotYetShown).toBe(
      'Saved. It does not show in the lists yet and will in a moment. Do not enter it again.',
    );
    expect(de.coop.errors.savedNotYetShown).toBe(
      'Gespeichert. Der Eintrag erscheint in Kürze in den Listen; bitte erfassen Sie ihn nicht noch einmal.',
    );
  });
});

describe('writeNotYetShown', () => {
  const translate =
    (messages: Record<string, unknown>) =>
    (key: string): string =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;

  it("turns a 503 with Retry-After into an error whose message is already in the clerk's language", () => {
    const body = { message: 'Your last change is saved but does not show yet. Please try again in a moment.' };
    const english = writeNotYetShown(503, '1', body, translate(en));
    expect(english).toBeInstanceOf(HttpError);
    expect(english?.status).toBe(503);
    expect(english?.message).toBe('Your last change is saved but does not show yet. Please try again in a moment.');
    expect(writeNotYetShown(503, '1', body, translate(de))?.message).toBe(
      'Ihre letzte Änderung ist gespeichert, wird aber noch nicht angezeigt. Bitte versuchen Sie es gleich noch einmal.',
    );
  });

  it('leaves a 503 without Retry-After and every other answer alone', () => {
    expect(writeNotYetShown(503, null, null, translate(en))).toBeUndefined();
    expect(writeNotYetShown(200, '1', null, translate(en))).toBeUndefined();
  });
});
