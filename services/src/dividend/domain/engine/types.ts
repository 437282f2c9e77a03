import type { ExemptionTaxIdProblem } from '../../../kernel/exemption-checks.js';
/**
 * The dividend engine's inputs and outputs (issue 23). Pure data: no framework, database or HTTP. Money in integer euro
 * cents (`number`, always a safe integer); business dates `YYYY-MM-DD`; percentages as decimal strings with at most
 * four decimals ("4", "4.1234"). The engine computes with exact integers (BigInt) and never with binary floating point.
 */
import type { DividendSettings, DividendType, GermanState, NonAssessmentType, PostingType } from '@coop/contracts';

/** What the general assembly resolved, and when it is paid. */
export interface DividendParams {
  /** The financial year the dividend is for (a calendar year). */
  readonly year: number;
  readonly type: DividendType;
  /**
   * An exact decimal in its canonical form (contracts/src/exact-decimal.ts, read once at the edge; decision 241):
   * `percent`: the rate, e.g. "4" or "3.25"; `amount`: the total to distribute in cents, a whole number ("33333").
   */
  readonly amount: string;
  readonly decisionDate: string;
  /** The day the dividend flows to the members (Zufluss, § 44 Abs. 2 EStG): it picks the certificates, orders and allowance year. */
  readonly paymentDate: string;
}

/**
 * One posting on a member's share account as the basis needs it. An annulled posting and its annulation are both
 * passed with `annulled: true` (they count as never made); `amount` carries the sign (negative for 2, 3, 6, 7, 8).
 */
export interface BasisPosting {
  readonly id: string;
  readonly type: PostingType | 5;
  readonly amount: number;
  /** The posting's date (an exit or partial termination: its effective date, the end of a financial year). */
  readonly date: string;
  /** From when it bears dividend (incoming postings). */
  readonly interestBegin: string;
  readonly annulled: boolean;
}

/** An exemption order (FSA) as the engine needs it. Amount in cents. */
export interface OrderInput {
  readonly id: string;
  /** The member whose order it is. */
  readonly memberId: string;
  readonly joint: boolean;
  /** A joint order's spouse when the spouse is a member (member id), else null. */
  readonly spouseMemberId: string | null;
  readonly amount: number;
  /** The day the order was given (issue date). */
  readonly issueDate: string;
  readonly startDate: string;
  readonly endDate: string | null;
  /**
   * Cents this order itself exempted per calendar year in earlier closures, e.g. `{ "2025": 14000 }`; the holder's use
   * of a year is the sum over its orders (allowance.ts).
   */
  readonly usedByYear: Readonly<Record<string, number>>;
}

/** A non-assessment certificate (NV) as the engine needs it. */
export interface CertificateInput {
  readonly id: string;
  readonly type: NonAssessmentType;
  readonly startDate: string;
  readonly endDate: string;
}

/** A regular KiStAM answer and the day it applies from (1 January after its status date). */
export interface ChurchFollowing {
  readonly churchId: string;
  readonly churchTaxRate: string | null;
  /** `YYYY-MM-DD`, a 1 January. */
  readonly from: string;
}

/** Everything the engine needs of one member. */
export interface MemberInput {
  readonly id: string;
  readonly memberNr: number;
  readonly legalEntity: boolean;
  /** Address abroad: not resident (12a.7). */
  readonly foreign: boolean;
  readonly state: GermanState | null;
  readonly churchId: string | null;
  /** The KiStAM rate as a decimal string ("8", "9"), or null (12a.9). */
  readonly churchTaxRate: string | null;
  /**
   * A regular KiStAM answer not yet in force: the status of 31.08. applies to the following calendar year (DOMAIN.md
   * 3.1, § 51a Abs. 2c S. 1 Nr. 3 S. 1 EStG). A payout on or after `from` withholds with it, an earlier one with the
   * church data above. Absent or null: none pending.
   */
  readonly churchFollowing?: ChurchFollowing | null;
  /** The member's Steuer-IdNr (looked up or entered), or null. */
  readonly taxId: string | null;
  /** The spouse in master data when a member, else null. */
  readonly spouseMemberId: string | null;
  readonly spouseTaxId: string | null;
  /** The day of death (a membership end for death), else null. */
  readonly deathDate: string | null;
  readonly entryDate: string;
  /** The effective end of the membership, else null. */
  readonly exitDate: string | null;
  readonly postings: readonly BasisPosting[];
  /** The member's own orders (a joint order is listed with the member who gave it). */
  readonly orders: readonly OrderInput[];
  readonly certificates: readonly CertificateInput[];
}

/** The member's basis: the holding and its weighting. */
export interface MemberBasis {
  readonly memberId: string;
  /** The holding the dividend rests on, in cents: at the financial year's end (pro rata) or the previous year's end (year end). */
  readonly holding: number;
  /**
   * The weighting basis in cent-days (pro rata: Σ amount × days; year end: holding × year days) and the year's days
   * (360, 365 or 366) as decimal strings of integers: basis in cents = weight / yearDays.
   */
  readonly weight: string;
  readonly yearDays: number;
  /** Per posting that counts: its id, amount, first day bearing dividend, days counted. */
  readonly lines: readonly {
    readonly postingId: string;
    readonly amount: number;
    readonly from: string;
    readonly days: number;
  }[];
}

/** Why a member cannot be closed (the closure is refused while any exists). */
export type MemberProblem = ExemptionTaxIdProblem;

/** The withholding decision (DOMAIN.md 2.9) and its trace for auditors (GoBD). */
export interface MemberResult {
  readonly memberId: string;
  readonly memberNr: number;
  readonly holding: number;
  /** The exact dividend before rounding, in cents as a decimal string with up to 6 decimals (e.g. "5255.5555"). */
  readonly exactGross: string;
  /** Gross dividend in cents. */
  readonly gross: number;
  /** Exempted by an exemption order or an NV certificate (cents). */
  readonly exempt: number;
  /** The taxable base B (cents). */
  readonly taxable: number;
  readonly kapest: number;
  readonly soli: number;
  readonly churchTax: number;
  /** gross − kapest − soli − churchTax. */
  readonly net: number;
  /** Which step of DOMAIN.md 2.9 decided: nv100 (no tax), nv60 (15 %), foreign, legalEntity, heirs, standard. */
  readonly basisOfTax: 'nv100' | 'nv60' | 'foreign' | 'legalEntity' | 'heirs' | 'standard';
  /** The certificate applied (id and type), or null. */
  readonly certificate: { readonly id: string; readonly type: NonAssessmentType } | null;
  /**
   * The order consumed, its volume for the payment year, and the FSA holder's use of the year before and after this
   * payout (cents; every order of the person or spouse pair, DOMAIN.md 2.6, allowance.ts), or null.
   */
  readonly order: {
    readonly id: string;
    readonly joint: boolean;
    readonly year: number;
    /** The order's volume for the year (after a 2023 raise, capped at the allowance). */
    readonly volume: number;
    readonly usedBefore: number;
    readonly usedAfter: number;
  } | null;
  readonly churchId: string | null;
  /** The church-tax rate applied in percent ("8", "9"), or null. */
  readonly churchRate: string | null;
  readonly problems: readonly MemberProblem[];
}

/** The totals of a run (cents). */
export interface RunTotals {
  readonly members: number;
  readonly gross: number;
  readonly exempt: number;
  readonly taxable: number;
  readonly kapest: number;
  readonly soli: number;
  readonly churchTax: number;
  readonly net: number;
  /** Total-amount mode: resolved − Σ gross (never negative); percent mode: 0. */
  readonly residue: number;
}

/** The rows of the KapESt return (DOMAIN.md 5, 12a.10, WE-12). Euro rows truncated to whole euros. */
export interface TaxReturnSummary {
  /** Row 31: income taxed at 25 % (with or without church tax): base and KapESt in whole euros. */
  readonly row31: { readonly baseEuros: number; readonly kapestEuros: number };
  /** Row 32: income taxed at a reduced rate (3/5, NV 60). */
  readonly row32: { readonly baseEuros: number; readonly kapestEuros: number };
  /** Row 33: income without withholding (exemption order, NV 100), in whole euros. */
  readonly row33: { readonly baseEuros: number };
  /** Row 34: Soli in cents (not rounded to euros). */
  readonly row34: { readonly soliCents: number };
  /** KapESt due: Σ per member in cents truncated once to whole euros (§ 44 Abs. 1 S. 6). */
  readonly kapestDueEuros: number;
  /** Church tax per church id (cents), by church id ascending. */
  readonly churchTaxes: readonly { readonly churchId: string; readonly cents: number }[];
}

export interface DividendRun {
  readonly params: DividendParams;
  readonly settings: DividendSettings;
  /** The effective percentage with four decimals ("4.0000"); in amount mode the resolved total over the Σ basis. */
  readonly percent: string;
  /** The members with a dividend above zero, by member number ascending (the payout order). */
  readonly members: readonly MemberResult[];
  readonly totals: RunTotals;
  readonly taxReturn: TaxReturnSummary;
}
