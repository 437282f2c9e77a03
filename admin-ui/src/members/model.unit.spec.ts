import { describe, expect, it } from '@jest/globals';
import { parseDateText } from '../format.js';
import { german } from '../i18n/catalogues.js';
import {
  canAnnul,
  matchedCity,
  namedChoices,
  STATES,
  churchName,
  hasExited,
  isUnderage,
  memberLabel,
  postingsClosed,
  shareChange,
  shareCount,
  withdrawEndKey,
} from './model.js';

describe('member helpers of the console', () => {
  it('counts whole shares from cents by integer division', () => {
    expect(shareCount(125_000, 25_000)).toBe(5);
    expect(shareCount(124_999, 25_000)).toBe(4);
    expect(shareCount(0, 25_000)).toBe(0);
    expect(shareCount(9_007_199_254_740_000, 100)).toBe(90_071_992_547_400);
    expect(shareCount(1000, 0)).toBeNull();
  });

  it("signs a posting's shares as its amount: outgoing postings take shares away, an annulation keeps its sign", () => {
    expect(shareChange({ quantity: 3, amount: 75_000 })).toBe(3);
    expect(shareChange({ quantity: 1, amount: -25_000 })).toBe(-1);
    expect(shareChange({ quantity: -2, amount: -50_000 })).toBe(-2);
    expect(shareChange({ quantity: 2, amount: 50_000 })).toBe(2);
    expect(shareChange({ quantity: -4, amount: 100_000 })).toBe(4);
    // A member's account: subscribed 2, bought 2, transferred 1 away, withdrew 1, annulled the withdrawal: 3 shares.
    const account = [
      { quantity: 2, amount: 50_000 },
      { quantity: 2, amount: 50_000 },
      { quantity: 1, amount: -25_000 },
      { quantity: 1, amount: -25_000 },
      { quantity: 1, amount: 25_000 },
    ];
    expect(account.reduce((sum, b) => sum + shareChange(b), 0)).toBe(3);
  });

  it('knows a minor from the birth date (18 years), and unknown without one', () => {
    expect(isUnderage('2010-06-01', '2026-11-22')).toBe(true);
    expect(isUnderage('2008-11-22', '2026-11-22')).toBe(false);
    expect(isUnderage('2008-11-23', '2026-11-22')).toBe(true);
    expect(isUnderage(null, '2026-11-22')).toBeNull();
    expect(isUnderage('15.03.19', '2026-11-22')).toBeNull();
  });

  it('allows annulling all but types 0 and 5 and postings already annulled', () => {
    expect(canAnnul({ type: 1, annulated: false })).toBe(true);
    expect(canAnnul({ type: 3, annulated: true })).toBe(false);
    expect(canAnnul({ type: 0, annulated: false })).toBe(false);
    expect(canAnnul({ type: 5, annulated: false })).toBe(false);
  });

  it('closes postings once an exit is posted; shows exited as the API says', () => {
    expect(postingsClosed({ exitDate: '2026-11-22' })).toBe(true);
    expect(postingsClosed({ exitDate: null })).toBe(false);
    expect(hasExited({ exitDate: '2026-11-22', exited: false })).toBe(false);
    expect(hasExited({ exitDate: '2020-01-01' }, new Date(2026, 0, 1))).toBe(true);
  });

  it('labels a member "nr name, given name"', () => {
    expect(memberLabel({ memberNr: 1001, name: 'Müller', givenName: 'Anna' })).toBe('1001 Müller, Anna');
    expect(memberLabel({ memberNr: 1002, name: 'Stadtwerke eG', givenName: null })).toBe('1002 Stadtwerke eG');
  });

  it('reads typed dates as dd.mm.yyyy or YYYY-MM-DD, real calendar dates only', () => {
    expect(parseDateText('15.03.1980')).toBe('1980-03-15');
    expect(parseDateText('1.2.2024')).toBe('2024-02-01');
    expect(parseDateText('2024-02-29')).toBe('2024-02-29');
    expect(parseDateText('29.02.2023')).toBeNull();
    expect(parseDateText('15.03.')).toBeNull();
    expect(parseDateText('')).toBeNull();
  });
});

describe('church tax code', () => {
  it('is shown with its name where known, else as the code', async () => {
    const { i18nProvider } = await import('../i18n/i18nProvider.js');
    const t = (key: string, options?: object) => i18nProvider.translate(key, options);
    expect(churchName(t, 'rk')).toBe('rk (Roman Catholic)');
    expect(churchName(t, 'xy')).toBe('xy');
    expect(churchName(t, null)).toBe('');
  });

  it("names the withdrawal of a pending end after the end: a notice is withdrawn, an exclusion lifted, a firm's dissolution annulled", () => {
    const de = (key: string): unknown =>
      key.split('.').reduce<unknown>((t, part) => (t as Record<string, unknown> | undefined)?.[part], german);
    expect(de(withdrawEndKey(8, 0))).toBe('Kündigung zurücknehmen');
    expect(de(withdrawEndKey(7, 0))).toBe('Ausschluss aufheben');
    expect(de(withdrawEndKey(6, 0))).toBe('Todesfall stornieren');
    expect(de(withdrawEndKey(6, 1))).toBe('Auflösung stornieren');
    expect(de(withdrawEndKey(2, 1))).toBe('Teilkündigung zurücknehmen');
  });
});

describe('the federal states in the member form (issue 43)', () => {
  const name = (id: string): string =>
    String((german as unknown as { coop: { members: { states: Record<string, string> } } }).coop.members.states[id]);
  it('are sorted by their German names, not by their codes', () => {
    const names = namedChoices(STATES, name, 'de').map((c) => c.name);
    expect(names.slice(0, 5)).toEqual(['Baden-Württemberg', 'Bayern', 'Berlin', 'Brandenburg', 'Bremen']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(names).toHaveLength(16);
  });
});

describe('the member list search (issue 43)', () => {
  it('shows the city it matched, ignoring case and surrounding blanks', () => {
    expect(matchedCity('München', ' münch ')).toBe('München');
    expect(matchedCity('Berlin', 'Acker')).toBeNull();
    expect(matchedCity(null, 'x')).toBeNull();
    expect(matchedCity('Berlin', '')).toBeNull();
  });
});
