import type { DividendSettings, DividendType } from '../dividend.js';
import type { DomainEvent } from '../events.js';
import type { NonAssessmentType } from '../tax-papers.js';

// ---------------------------------------------------------------------------------------------
// The cooperative's closure register, stream `dividends-<cooperativeId>`: small, read by every posting so that a
// posting dated in or before a closed year is refused (the posting appends a revision check on this stream).
// ---------------------------------------------------------------------------------------------

/**
 * The year is being closed: from now on postings into it are refused; the results follow as `DividendYearClosed`.
 * `params` (absent on closures locked before issue 40): the closure's request, so that a closure that stopped halfway
 * is resumed with it at the next start (dividend/commands/closure-process.ts).
 */
export type DividendYearClosing = DomainEvent<
  'DividendYearClosing',
  {
    cooperativeId: string;
    year: number;
    dividendId: string;
    params?: { type: DividendType; amount: string; decisionDate: string; paymentDate: string };
  }
>;
/** The year's closure `dividendId` is written (its stream `dividend-<dividendId>`): the year is final. */
export type DividendYearClosed = DomainEvent<
  'DividendYearClosed',
  { cooperativeId: string; year: number; dividendId: string }
>;

export type DividendRegisterEvent = DividendYearClosing | DividendYearClosed;
export const dividendRegisterStream = (cooperativeId: string): string => `dividends-${cooperativeId}`;

// ---------------------------------------------------------------------------------------------
// One closure, stream `dividend-<dividendId>`: the resolution, the settings used, the totals and the KapESt return,
// then one event per member with the result and its trace (GoBD).
// ---------------------------------------------------------------------------------------------

export type DividendDeclared = DomainEvent<
  'DividendDeclared',
  {
    dividendId: string;
    cooperativeId: string;
    year: number;
    type: DividendType;
    /** As resolved: the percentage ("4") or the total in cents ("33333"). */
    amount: string;
    decisionDate: string;
    paymentDate: string;
    /** The effective percentage with four decimals. */
    percent: string;
    settings: DividendSettings;
    /**
     * The number of `DividendMemberPaid` events that follow, appended in steps (issue 40): the closure is whole only
     * once its register records `DividendYearClosed`. Absent on closures written in one append before issue 40 (whole
     * when written).
     */
    payouts?: number;
    totals: {
      members: number;
      gross: number;
      exempt: number;
      taxable: number;
      kapest: number;
      soli: number;
      churchTax: number;
      net: number;
      residue: number;
    };
    taxReturn: {
      row31: { baseEuros: number; kapestEuros: number };
      row32: { baseEuros: number; kapestEuros: number };
      row33: { baseEuros: number };
      row34: { soliCents: number };
      kapestDueEuros: number;
      churchTaxes: { churchId: string; cents: number }[];
    };
  }
>;

/**
 * A member's dividend of the closure, with the withholding and its trace. `churchId` and `churchRate` are personal data
 * (sealed under the member's key); the amounts stay after an erasure so that the totals still add up.
 */
export type DividendMemberPaid = DomainEvent<
  'DividendMemberPaid',
  {
    dividendId: string;
    memberId: string;
    memberNr: number;
    year: number;
    paymentDate: string;
    holding: number;
    exactGross: string;
    gross: number;
    exempt: number;
    taxable: number;
    kapest: number;
    soli: number;
    churchTax: number;
    net: number;
    basisOfTax: 'nv100' | 'nv60' | 'foreign' | 'legalEntity' | 'heirs' | 'standard';
    certificate: { id: string; type: NonAssessmentType } | null;
    /**
     * The exemption order consumed: its volume for the payment year, and the FSA holder's use of the year before and
     * after (cents; all the person's or spouse pair's orders since decision 341, before it the order's own).
     */
    order: {
      id: string;
      joint: boolean;
      year: number;
      volume: number;
      usedBefore: number;
      usedAfter: number;
      /** The member whose order it is (a spouse's joint order: the spouse), so its use in the year is kept with the order. */
      holderId?: string;
    } | null;
    churchId: string | null;
    churchRate: string | null;
    /** The posting lines of the basis: posting id, amount, first day bearing dividend, days. */
    lines: { postingId: string; amount: number; from: string; days: number }[];
    /**
     * Issue 45 (§ 19 Abs. 1 GenG, DOMAIN.md 1.6: `DIVIDEND_CREDIT_TO_GG`): the parts of `net` credited to the member's
     * subscriptions not fully paid, oldest first, each booked in the same append on the member stream as
     * `SharePaymentReceived` (method `dividendCredit`, this `paymentId`, reference the year). The rest of `net` is paid
     * out (`DIVIDEND_PAYOUT`: the SEPA transfer). Absent or empty: nothing credited (every payout before issue 45).
     * The taxes above are the same either way (the credit is a Zufluss as a payout is).
     */
    credits?: { balanceId: string; paymentId: string; amount: number }[];
  }
>;

/** What of a member's net dividend was credited to the Geschäftsguthaben (cents; 0 before issue 45). */
export const creditedOf = (d: Pick<DividendMemberPaid['data'], 'credits'>): number =>
  (d.credits ?? []).reduce((sum, c) => sum + c.amount, 0);

export type DividendEvent = DividendDeclared | DividendMemberPaid;
export const dividendStream = (dividendId: string): string => `dividend-${dividendId}`;

/**
 * Personal data in `DividendMemberPaid`, sealed under `member-<memberId>` (not the church key: the church a tax was paid
 * to is needed for corrections and certificates as long as the member's books are kept). `churchRate` tells of a church
 * membership as well: sealed in events written since decision 101, plain in older ones (they read as before).
 */
export const DIVIDEND_MEMBER_PERSONAL_FIELDS = ['churchId', 'churchRate'] as const;
