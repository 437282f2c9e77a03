import { describe, expect, it } from '@jest/globals';
import { toNotificationDto } from './queries/notification-reads.js';

/* A KiStAM notification raised before issue 38 carried the answer's church key: it is answered without it. */
describe('notification answers', () => {
  const doc = (message: string, parameters: string[]) => ({
    id: 'n1',
    cooperativeId: 'c1',
    position: '1',
    type: 'kistamError',
    time: '2026-01-01T00:00:00.000Z',
    seen: 0,
    message,
    parameters,
    errors: [],
  });

  it('leave out the church key or rate of a KiStAM member error, whenever it was raised', () => {
    expect(
      toNotificationDto(doc('kistamMemberError', ['5', 'kistamUnknownChurchKey', '999999']), 5).parameters,
    ).toEqual(['5', 'kistamUnknownChurchKey']);
    expect(toNotificationDto(doc('kistamMemberError', ['5', 'kistamInvalidRate', '12']), 5).parameters).toEqual([
      '5',
      'kistamInvalidRate',
    ]);
  });

  it('keep every other detail', () => {
    expect(toNotificationDto(doc('kistamMemberError', ['5', 'kistamAnswerError', '7']), 5).parameters).toEqual([
      '5',
      'kistamAnswerError',
      '7',
    ]);
    expect(toNotificationDto(doc('kistamGenericError', ['kistamInvalidLine', '9', 'IdNr']), null).parameters).toEqual([
      'kistamInvalidLine',
      '9',
      'IdNr',
    ]);
  });
});
