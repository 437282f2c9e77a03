/**
 * From the members' weights to their gross dividends (DOMAIN.md 1.3, 12a.5; WE-10, WE-11). The basis in cents is
 * weight / yearDays; each member's exact dividend is rounded once (never per posting).
 * - Percent mode: gross = basis × rate / 100, rounded by the cooperative's `dividendRounding`.
 * - Total-amount mode: share = T × W_i / ΣW, always cut toward zero whatever the setting, so that Σ shares ≤ T; the
 *   residue T − Σ stays undistributed; the effective percentage is T over the Σ basis, cut to four decimals.
 */
import type { DividendType, RoundingMode } from '@coop/contracts';
import { divide, fixedDecimals, parseDecimal, shortDecimals, toSafe, type Ratio } from './exact.js';

/** Decimals kept of the exact dividend in the trace (`MemberResult.exactGross`, cents). */
export const EXACT_DECIMALS = 6;
/** Decimals of the effective percentage. */
export const PERCENT_DECIMALS = 4;

export interface GrossShare {
  readonly gross: number;
  readonly exactGross: string;
}

export interface Distribution {
  /** The member's gross dividend (cents) and its exact value before rounding. */
  share(weight: bigint): GrossShare;
  /** The effective percentage with four decimals. */
  readonly percent: string;
  /** The resolved total in cents (amount mode), else null. */
  readonly resolvedTotal: number | null;
}

/** The resolution's amount as an exact number: the percentage, or the total in cents (an integer). */
export function resolvedAmount(type: DividendType, amount: string): Ratio {
  const value = parseDecimal(amount);
  if (type === 'amount' && value.den !== 1n) throw new Error(`a total amount is a whole number of cents: "${amount}"`);
  return value;
}

export function percentDistribution(rate: Ratio, yearDays: number, rounding: RoundingMode): Distribution {
  const den = BigInt(yearDays) * 100n * rate.den;
  return {
    share: (weight) => {
      const num = weight * rate.num;
      return { gross: toSafe(divide(num, den, rounding)), exactGross: shortDecimals(num, den, EXACT_DECIMALS) };
    },
    percent: fixedDecimals(rate.num, rate.den, PERCENT_DECIMALS),
    resolvedTotal: null,
  };
}

export function amountDistribution(total: bigint, totalWeight: bigint, yearDays: number): Distribution {
  return {
    share: (weight) => {
      if (totalWeight === 0n) return { gross: 0, exactGross: '0' };
      const num = total * weight;
      return {
        gross: toSafe(divide(num, totalWeight, 'truncate')),
        exactGross: shortDecimals(num, totalWeight, EXACT_DECIMALS),
      };
    },
    // T / (ΣW / yearDays) × 100
    percent:
      totalWeight === 0n
        ? fixedDecimals(0n, 1n, PERCENT_DECIMALS)
        : fixedDecimals(total * BigInt(yearDays) * 100n, totalWeight, PERCENT_DECIMALS),
    resolvedTotal: toSafe(total),
  };
}
