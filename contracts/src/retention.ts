/**
 * The data-protection clean-up's retention period (issue 27, DOMAIN.md 9.2 and 9.3): full calendar years after the end
 * of the year of the last posting, dividend or tax document concerning a former member. A cooperative setting
 * (`retentionYears`), never below the ten years of § 147 Abs. 3 AO and § 257 Abs. 4 HGB.
 */
export const DEFAULT_RETENTION_YEARS = 10;
export const MIN_RETENTION_YEARS = 10;
export const MAX_RETENTION_YEARS = 30;
/** § 73 Abs. 4 GenG: the settlement is paid within six months after the membership ended (statutes aside). */
export const SETTLEMENT_PAYOUT_MONTHS = 6;
