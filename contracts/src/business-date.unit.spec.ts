import { describe, expect, it } from '@jest/globals';
import { businessTimestamp, businessToday } from './business-date.js';

describe('businessToday: the calendar day in Europe/Berlin', () => {
  it('turns at midnight in Berlin, winter and summer, also when asked within one minute again and again', () => {
    const at = (iso: string): string => businessToday(new Date(iso));
    // CET (UTC+1): midnight is 23:00 UTC
    expect(at('2026-01-14T22:59:59.999Z')).toBe('2026-01-14');
    expect(at('2026-01-14T23:00:00.000Z')).toBe('2026-01-15');
    expect(at('2026-01-14T22:59:00.000Z')).toBe('2026-01-14');
    // CEST (UTC+2): midnight is 22:00 UTC
    expect(at('2026-07-01T21:59:59.999Z')).toBe('2026-07-01');
    expect(at('2026-07-01T22:00:00.000Z')).toBe('2026-07-02');
    expect(at('2026-07-01T22:00:59.999Z')).toBe('2026-07-02');
    expect(at('2026-07-01T21:59:30.000Z')).toBe('2026-07-01');
    // the night the clocks go forward (29 March 2026, 02:00 CET → 03:00 CEST) and back (25 October 2026)
    expect(at('2026-03-28T22:59:59.000Z')).toBe('2026-03-28');
    expect(at('2026-03-28T23:00:00.000Z')).toBe('2026-03-29');
    expect(at('2026-03-29T21:59:00.000Z')).toBe('2026-03-29');
    expect(at('2026-03-29T22:00:00.000Z')).toBe('2026-03-30');
    expect(at('2026-10-24T21:59:59.000Z')).toBe('2026-10-24');
    expect(at('2026-10-24T22:00:00.000Z')).toBe('2026-10-25');
    expect(at('2026-10-25T22:59:00.000Z')).toBe('2026-10-25');
    expect(at('2026-10-25T23:00:00.000Z')).toBe('2026-10-26');
    for (const iso of ['2026-01-14T23:00:00.000Z', '2026-01-14T22:59:59.999Z', '2026-01-14T23:00:00.000Z'])
      expect(at(iso)).toBe(iso.startsWith('2026-01-14T23') ? '2026-01-15' : '2026-01-14');
  });
});

describe('businessTimestamp: an instant on the German clock', () => {
  it('winter (UTC+1), summer (UTC+2) and the turn of the year', () => {
    expect(businessTimestamp('2025-02-10T09:30:05.123Z')).toBe('10.02.2025 10:30:05');
    expect(businessTimestamp('2026-07-01T22:15:00Z')).toBe('02.07.2026 00:15:00');
    expect(businessTimestamp('2026-12-31T23:30:00Z')).toBe('01.01.2027 00:30:00');
    expect(businessTimestamp('2026-03-29T00:59:59Z')).toBe('29.03.2026 01:59:59');
    expect(businessTimestamp('2026-03-29T01:00:00Z')).toBe('29.03.2026 03:00:00');
  });
});
