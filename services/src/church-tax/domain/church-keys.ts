import { CHURCH_NAMES } from '@coop/contracts';

/*
 * The church a KiStAM answer names (issue 24; DOMAIN.md 10, open point 12.3). BZSt answers a 6-digit key from its
 * "Religionsschlüsselverzeichnis" (religion, rate and territory); that table was not available, so the product reads
 * the two-letter religion codes of DOMAIN.md 10 (the church ids of CHURCH_NAMES, any case) and a table of 6-digit keys
 * that starts empty and is extended here, one line per key, once the KHB annex is at hand (docs/kistam.md). An answer
 * with a key in neither is a `kistamUnknownChurchKey` error for its member: no church data is recorded from it.
 */

/** 6-digit KiStAM keys → church id of CHURCH_NAMES. Empty until the key table is obtained (DOMAIN.md 12.3). */
export const KISTAM_KEYS: Readonly<Record<string, string>> = {};

/** The church id a key or code names, or null when it names none known. */
export function churchIdOfKey(key: string, keys: Readonly<Record<string, string>> = KISTAM_KEYS): string | null {
  const k = key.trim();
  if (/^\d{6}$/.test(k)) return Object.hasOwn(keys, k) ? keys[k]! : null;
  const code = k.toLowerCase();
  return Object.hasOwn(CHURCH_NAMES, code) ? code : null;
}

/** A known church id (a two-letter code of CHURCH_NAMES) as stored, or null for an unknown one. */
export function knownChurchId(value: string): string | null {
  const code = value.trim().toLowerCase();
  return Object.hasOwn(CHURCH_NAMES, code) ? code : null;
}

/**
 * A church tax rate in percent as stored: a decimal above 0 and at most 10, `,` read as `.`, trailing zeros dropped
 * ("9,00" → "9", "8.50" → "8.5"); `invalid` for text that is no such number, `tooHigh` above 10.
 */
export function normalizedChurchRate(raw: string): string | 'invalid' | 'tooHigh' {
  const text = raw.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return 'invalid';
  const value = Number(text);
  if (!(value > 0)) return 'invalid';
  if (value > 10) return 'tooHigh';
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${String(Number(whole))}${kept ? `.${kept}` : ''}`;
}
