/**
 * The parts of a member's master data the demo draws (demo-people.ts puts them together): addresses in Germany and
 * abroad, banks with valid IBANs, e-mail parts, birth dates and church membership.
 */
import type { GermanState } from '@coop/contracts';
import {
  CHURCHES_NORTH,
  CHURCHES_SOUTH,
  GERMAN_BANKS,
  HOME_TOWNS,
  OTHER_TOWNS,
  STREETS,
  type ForeignPlace,
} from './demo-catalogue.js';
import { ibanFor } from './demo-check-digits.js';
import { dayOf, isoOf } from './demo-days.js';
import { chance, int, pick, type Random } from './demo-random.js';

const TRANSLITERATE: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ı: 'i', ø: 'o', é: 'e' };
export const mailPart = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[äöüßıøé]/g, (c) => TRANSLITERATE[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-');

export interface Address {
  street: string;
  streetHomeNumber: string;
  zipCode: string;
  city: string;
  state: GermanState | null;
  country: string | null;
  isForeign: boolean;
}

export function germanAddress(r: Random): Address {
  const [zipCode, city, state] = chance(r, 0.85) ? pick(r, HOME_TOWNS) : pick(r, OTHER_TOWNS);
  const house = String(int(r, 1, 120)) + (chance(r, 0.08) ? pick(r, ['a', 'b', 'c']) : '');
  return { street: pick(r, STREETS), streetHomeNumber: house, zipCode, city, state, country: null, isForeign: false };
}

export function foreignAddress(r: Random, place: ForeignPlace): Address {
  const [zipCode, city] = pick(r, place.towns);
  return {
    street: pick(r, place.streets),
    streetHomeNumber: String(int(r, 1, 80)),
    zipCode,
    city,
    state: null,
    country: place.country,
    isForeign: true,
  };
}

export function digits(r: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(r() * 10));
  return s;
}

export function germanBank(r: Random): { bankname: string; iban: string; bic: string } {
  const [bankname, blz, bic] = pick(r, GERMAN_BANKS);
  return { bankname, iban: ibanFor('DE', blz + digits(r, 10)), bic };
}

export function foreignBank(r: Random, place: ForeignPlace): { bankname: string; iban: string; bic: string } {
  const [bankname, code, bic] = place.bank;
  const account = [...place.account]
    .map((c) =>
      c === 'n' || chance(r, 0.7) ? String(Math.floor(r() * 10)) : 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(r() * 23)],
    )
    .join('');
  return { bankname, iban: ibanFor(place.country, code + account), bic };
}

export function birthDate(r: Random, fromYear: number, toYear: number): string {
  const from = dayOf(`${fromYear}-01-01`);
  const to = dayOf(`${toYear}-12-31`);
  return isoOf(int(r, from, to));
}

export function church(
  r: Random,
  state: GermanState | null,
): { churchId: string | null; churchTaxRate: string | null } {
  if (state === null || !chance(r, 0.55)) return { churchId: null, churchTaxRate: null };
  const south = state === 'by' || state === 'bw' || state === 'sl' || state === 'rp';
  return {
    churchId: pick(r, south ? CHURCHES_SOUTH : CHURCHES_NORTH),
    churchTaxRate: state === 'by' || state === 'bw' ? '8' : '9',
  };
}
