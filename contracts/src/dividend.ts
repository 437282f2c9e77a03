/**
 * The annual dividend's shared vocabulary (issue 23; DOMAIN.md sections 1, 2, 5, 10, 12a): the cooperative's dividend
 * settings, the calculation modes and the church-tax communities' names. Pure, shared by the API, the engine and the
 * console.
 */

/** How the basis is found (DOMAIN.md 1.2, 12a.6): pro rata temporis from each posting's interest begin, or the holding at the end of the previous financial year (§ 19 Abs. 1 GenG). */
export const DIVIDEND_METHODS = ['proRata', 'yearEnd'] as const;
export type DividendMethod = (typeof DIVIDEND_METHODS)[number];

/** Day counts (DOMAIN.md 1.4): 30E/360 German, act/365 fixed, act/act. */
export const DAY_COUNTS = ['30E/360', 'act/365', 'act/act'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

/** Rounding of a computed amount to the cent (DOMAIN.md 2.5, 12a.5): cut off (the default), or half up. */
export const ROUNDING_MODES = ['truncate', 'halfUp'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** What the general assembly resolved: a percentage of the basis, or a total amount to distribute (DOMAIN.md 1.3). */
export const DIVIDEND_TYPES = ['percent', 'amount'] as const;
export type DividendType = (typeof DIVIDEND_TYPES)[number];

/** The cooperative's dividend settings (part of its master data; each recorded on every closure). */
export interface DividendSettings {
  readonly dividendMethod: DividendMethod;
  readonly dayCount: DayCount;
  /** The member's dividend: the exact total rounded once (12a.5). */
  readonly dividendRounding: RoundingMode;
  /** KapESt and church tax per member (12a.5); Soli is always cut off (§ 4 S. 3 SolZG). */
  readonly taxRounding: RoundingMode;
  /** Exemption orders starting before 2023 raised by 24.844 % for payouts from 2023 (12a.2). */
  readonly raiseOldExemptionOrders: boolean;
  /** From the day of death the heirs receive 25 % + Soli, without the deceased's order and church tax (12a.8). */
  readonly heirsTaxedFromDeath: boolean;
  /** Test tax ids (starting with 0) count as tax ids (12a.11). */
  readonly allowTestTaxIds: boolean;
}

export const DEFAULT_DIVIDEND_SETTINGS: DividendSettings = {
  dividendMethod: 'proRata',
  dayCount: '30E/360',
  dividendRounding: 'truncate',
  taxRounding: 'truncate',
  raiseOldExemptionOrders: true,
  heirsTaxedFromDeath: true,
  allowTestTaxIds: false,
};

/**
 * Church-tax communities by the codes members carry (DOMAIN.md section 10): the two-letter religion codes, named in
 * plain text as the KapESt return and the tax certificate need them. An id not listed is shown as it is.
 */
export const CHURCH_NAMES: Readonly<Record<string, string>> = {
  rk: 'Römisch-katholische Kirche',
  ev: 'Evangelische Kirche',
  lt: 'Evangelisch-lutherische Kirche',
  rf: 'Evangelisch-reformierte Kirche',
  fr: 'Französisch-reformierte Kirche',
  ak: 'Alt-Katholische Kirche',
  fs: 'Freireligiöse Gemeinde Offenbach',
  fa: 'Freie Religionsgemeinschaft Alzey',
  fb: 'Freireligiöse Landesgemeinde Baden',
  fg: 'Freireligiöse Landesgemeinde Pfalz',
  fm: 'Freireligiöse Gemeinde Mainz',
  is: 'Israelitische Religionsgemeinschaft',
  ib: 'Israelitische Religionsgemeinschaft Baden',
  iw: 'Israelitische Religionsgemeinschaft Württembergs',
  il: 'Landesverband der Israelitischen Kultusgemeinden in Bayern',
  jd: 'Jüdische Gemeinde',
  jh: 'Jüdische Gemeinde Hamburg',
};

/** The plain-text name of a church id (the id itself when unknown). */
export function churchName(churchId: string): string {
  return CHURCH_NAMES[churchId.trim().toLowerCase()] ?? churchId;
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** The dividend settings of a stored cooperative; a setting it has never recorded reads as its default. */
export function dividendSettingsOf(record: Readonly<Record<string, unknown>>): DividendSettings {
  const d = DEFAULT_DIVIDEND_SETTINGS;
  return {
    dividendMethod: oneOf(DIVIDEND_METHODS, record.dividendMethod, d.dividendMethod),
    dayCount: oneOf(DAY_COUNTS, record.dayCount, d.dayCount),
    dividendRounding: oneOf(ROUNDING_MODES, record.dividendRounding, d.dividendRounding),
    taxRounding: oneOf(ROUNDING_MODES, record.taxRounding, d.taxRounding),
    raiseOldExemptionOrders: flag(record.raiseOldExemptionOrders, d.raiseOldExemptionOrders),
    heirsTaxedFromDeath: flag(record.heirsTaxedFromDeath, d.heirsTaxedFromDeath),
    allowTestTaxIds: flag(record.allowTestTaxIds, d.allowTestTaxIds),
  };
}

/** The names of the dividend settings among a cooperative's fields. */
export const DIVIDEND_SETTING_FIELDS = Object.keys(DEFAULT_DIVIDEND_SETTINGS) as readonly (keyof DividendSettings)[];
