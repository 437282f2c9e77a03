import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { businessToday, fieldError, isValidBic, isValidIban, type FieldError } from '@coop/contracts';
import { ownCooperative, type CooperativeDocument } from '../../cooperatives/index.js';
import { deathDates, dividendClosures, dividendResults, type DividendMemberDocument } from '../../dividend/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { heirsAccounts, type BankAccount } from '../../settlements/reads.js';
import { requireClosed } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { controlSum, type SepaPaymentFile, type SepaPostalAddress, type SepaTransfer } from './pain001.js';
import { insideSepa } from '../../kernel/sepa-area.js';
import { germanAmount, isSepaRepresentable, NAME_MAX } from './sepa-text.js';
import { downloadName, fileNamePart } from '../../platform/http/attachment.js';

/** Member results and members read per query. */
const PAGE = 2000;

/** What the console shows before the download (`GET /dividend/sepa/{id}/check`); `errors` empty: the file can be made. */
export interface SepaCheck {
  readonly transfers: number;
  /** Σ payouts of the transfers (the net less what was credited to the Geschäftsguthaben, issue 45), cents. */
  readonly controlSum: number;
  readonly errors: FieldError[];
  /**
   * What the clerk should know though the file can be made: `dividendHeirsAccountMissing` [member numbers], members
   * deceased by the payment day whose heirs' account is not recorded, paid to the member's account (decision 316);
   * `sepaExecutionMoved` [payment day, today], a payment day already past, the file asking for today (decision 410).
   */
  readonly notices: FieldError[];
}

/** One member's result in the closure as the file needs it. */
export interface SepaPayout {
  readonly memberNr: number;
  readonly gross: number;
  readonly kapest: number;
  readonly soli: number;
  readonly churchTax: number;
  readonly net: number;
  /** Issue 45 (§ 19 (1) GenG): the part of `net` credited to the Geschäftsguthaben (absent: none); the rest is paid. */
  readonly credited?: number;
  /** The account holder (Cdtr/Nm): the member's `accountHolder` when given, else the member's given name and name (DOMAIN.md 7). */
  readonly holder: string;
  readonly iban: string | null;
  readonly bic: string | null;
  /** Deceased by the payment day and no heirs' account recorded: paid to the member's own account (decision 316). */
  readonly heirsAccountMissing?: boolean;
}

const creditOf = (p: SepaPayout): number => p.credited ?? 0;
/** What the transfer pays: the net less what was credited to the Geschäftsguthaben. */
export const paidOf = (p: SepaPayout): number => p.net - creditOf(p);

/** What a payment file names of the cooperative, its debtor (the typed cooperative: text trimmed). */
export type SepaDebtor = Pick<CooperativeDocument, 'name' | 'fullName' | 'iban' | 'bic'> &
  Partial<Pick<CooperativeDocument, 'address' | 'zip' | 'city'>>;

/** The cooperative's postal address for a file (a German eG: country DE); written only beyond the EEA (decision 309). */
export const debtorAddress = (cooperative: SepaDebtor): SepaPostalAddress => ({
  street: cooperative.address ?? '',
  zip: cooperative.zip ?? '',
  town: cooperative.city ?? '',
  country: 'DE',
});

const compact = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * DOMAIN.md 7's remittance text: year, member number, gross, KapESt, Soli, church tax, net (German amounts); a net
 * credited in part to the Geschäftsguthaben (issue 45) adds what was credited ("GG-Gutschrift"), so the transfer's
 * amount (the rest) is explained.
 */
export function remittanceText(year: number, p: SepaPayout): string {
  const credit = creditOf(p) > 0 ? ` GG-Gutschrift ${germanAmount(creditOf(p))}` : '';
  return `Dividende GJ ${year} Mitgl-Nr ${p.memberNr} brutto ${germanAmount(p.gross)} KapESt ${germanAmount(p.kapest)} SolZ ${germanAmount(p.soli)} KiSt ${germanAmount(p.churchTax)} netto ${germanAmount(p.net)}${credit}`;
}

/** `DIV<year>-M<memberNr>`: names the year and the member (DOMAIN.md 7). */
export const endToEndId = (year: number, memberNr: number): string => `DIV${year}-M${memberNr}`;

/** A message id unique per file: the year, the second it was made, and 6 random hex digits (≤ 35). */
export function messageId(year: number, now: Date): string {
  return `DIV${year}-${now.toISOString().slice(0, 19).replace(/\D/g, '')}-${randomBytes(3).toString('hex')}`;
}

/** `Dividende-<year>-SEPA-<cooperative>.xml` (issue 43; it was `sepa.xml`). */
export function sepaFileName(year: number, cooperative: SepaDebtor): string {
  return downloadName(
    ['Dividende', String(year), 'SEPA', fileNamePart(cooperative.fullName || cooperative.name, 'Genossenschaft')],
    'xml',
  );
}

/** The refusals of a file: the cooperative's name, IBAN and BIC; every member paid without a valid IBAN (by number). */
export function sepaErrors(cooperative: SepaDebtor, payouts: readonly SepaPayout[]): FieldError[] {
  const errors: FieldError[] = [];
  const debtor = cooperative.fullName || cooperative.name;
  if (!debtor || !isSepaRepresentable(debtor, NAME_MAX)) errors.push(fieldError(null, 'missingCooperativeName'));
  const iban = compact(cooperative.iban);
  if (!iban || !isValidIban(iban)) errors.push(fieldError(null, 'missingCooperativeIban'));
  const bic = compact(cooperative.bic);
  if (!bic || !isValidBic(bic)) errors.push(fieldError(null, 'missingCooperativeBic'));
  // A member whose whole net was credited to the Geschäftsguthaben (issue 45) is paid nothing: no bank data needed.
  const paid = payouts.filter((p) => paidOf(p) > 0);
  // An IBAN outside the SEPA scheme's area (a Turkish account) cannot be paid by a SEPA transfer: no valid IBAN for it.
  const unpayable = paid
    .filter((p) => p.iban === null || !isValidIban(p.iban) || !insideSepa(p.iban) || !p.holder)
    .map((p) => p.memberNr);
  if (unpayable.length > 0) errors.push(fieldError(null, 'memberBankDataMissing', unpayable.join(', ')));
  // A name the file cannot carry (no Latin letter or digit left after transliteration): never an empty <Nm> (issue 38).
  const unnamed = paid.filter((p) => p.holder && !isSepaRepresentable(p.holder, NAME_MAX)).map((p) => p.memberNr);
  if (unnamed.length > 0) errors.push(fieldError(null, 'sepaNameNotRepresentable', unnamed.join(', ')));
  if (paid.length === 0) errors.push(fieldError(null, 'sepaNothingToPay'));
  return errors;
}

/** What the check tells beside the refusals: the deceased members paid without their heirs' account (decision 316). */
export function sepaNotices(payouts: readonly SepaPayout[]): FieldError[] {
  const missing = payouts.filter((p) => paidOf(p) > 0 && p.heirsAccountMissing === true).map((p) => p.memberNr);
  return missing.length > 0 ? [fieldError(null, 'dividendHeirsAccountMissing', missing.join(', '))] : [];
}

/**
 * The day a file asks its bank to execute it (`ReqdExctnDt`): the requested day, or business today when that day is
 * past, which a bank refuses or moves at will (decision 410). The payment day of the books stays the requested one.
 */
export const executionDay = (requested: string, now: Date): string => {
  const today = businessToday(now);
  return requested < today ? today : requested;
};

/** The notice of a payment day already past (decision 410), else none. */
export function executionNotices(requested: string, now: Date): FieldError[] {
  const day = executionDay(requested, now);
  return day === requested ? [] : [fieldError(null, 'sepaExecutionMoved', requested, day)];
}

/** The file of a closure whose check has no errors: one transfer per member with a payout above zero (net less credit), by number. */
export function paymentFile(
  closure: { readonly year: number; readonly paymentDate: string },
  cooperative: SepaDebtor,
  payouts: readonly SepaPayout[],
  now: Date,
): SepaPaymentFile {
  const transfers: SepaTransfer[] = [];
  for (const p of payouts) {
    if (paidOf(p) <= 0) continue;
    const bic = p.bic && isValidBic(p.bic) ? p.bic : null;
    transfers.push({
      endToEndId: endToEndId(closure.year, p.memberNr),
      amount: paidOf(p),
      creditorName: p.holder,
      iban: p.iban ?? '',
      bic,
      remittance: remittanceText(closure.year, p),
    });
  }
  return {
    messageId: messageId(closure.year, now),
    createdAt: now.toISOString().slice(0, 19),
    paymentInfoId: `DIV${closure.year}-${closure.paymentDate}`,
    executionDate: executionDay(closure.paymentDate, now),
    debtor: {
      name: cooperative.fullName || cooperative.name,
      iban: compact(cooperative.iban),
      bic: compact(cooperative.bic),
      address: debtorAddress(cooperative),
    },
    transfers,
  };
}

/**
 * Reads what a closure's SEPA file needs (issue 25; DOMAIN.md 7): the closure (another cooperative's: not found), its
 * members' results, the members' names, IBAN and BIC as they are now (the closure did not record bank data), and the
 * cooperative as debtor.
 */
@Injectable()
export class SepaPayouts {
  constructor(private readonly reads: ReadModels) {}

  async check(cooperativeId: string, dividendId: string, now: Date): Promise<SepaCheck> {
    const { closure, payouts, cooperative } = await this.load(cooperativeId, dividendId);
    const paid = payouts.filter((p) => paidOf(p) > 0);
    return {
      transfers: paid.length,
      controlSum: controlSum(paid.map((p) => ({ amount: paidOf(p) }))),
      errors: sepaErrors(cooperative, payouts),
      // A day to execute only where there is a file to execute.
      notices: [...sepaNotices(payouts), ...(paid.length > 0 ? executionNotices(closure.paymentDate, now) : [])],
    };
  }

  /** The file's content, or the refusals (never a file leaving a member out). */
  async file(
    cooperativeId: string,
    dividendId: string,
    now: Date,
  ): Promise<{ readonly file: SepaPaymentFile; readonly name: string } | { readonly errors: FieldError[] }> {
    const { closure, payouts, cooperative } = await this.load(cooperativeId, dividendId);
    const errors = sepaErrors(cooperative, payouts);
    if (errors.length > 0) return { errors };
    return { file: paymentFile(closure, cooperative, payouts, now), name: sepaFileName(closure.year, cooperative) };
  }

  private async load(cooperativeId: string, dividendId: string) {
    // A closure still being written (issue 40): no payment file until its end (409 `closureInProgress`).
    const doc = requireClosed(await dividendClosures.get(this.reads, cooperativeId, dividendId));
    const closure = { year: doc.year, paymentDate: doc.paymentDate };
    const cooperative = await ownCooperative(this.reads, cooperativeId);
    const payouts: SepaPayout[] = [];
    for (let from = 0; ;) {
      const page = await dividendResults.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: dividendId },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: PAGE,
      });
      const ids = page.items.map((d) => d.member);
      const [members, deaths, heirs] = await Promise.all([
        memberDocuments.getMany(this.reads, cooperativeId, ids),
        deathDates(this.reads, cooperativeId, ids),
        heirsAccounts(this.reads, cooperativeId, ids),
      ]);
      for (const d of page.items) {
        // § 77 GenG, DOMAIN.md 9.1: a dividend paid after the member's death is the heirs' (decision 316).
        const died = deaths.get(d.member);
        const deceased = died !== undefined && died <= closure.paymentDate;
        payouts.push(payoutOf(d, members.get(d.member), deceased ? (heirs.get(d.member) ?? null) : undefined));
      }
      if (page.items.length < PAGE) break;
      from = page.items[page.items.length - 1]!.memberNr + 1;
    }
    return { closure, payouts, cooperative };
  }
}

/** The payee name the bank compares with the IBAN (Verification of Payee): the account holder kept apart, else the member. */
export function accountHolderOf(member: MemberDocument | undefined): string {
  return member?.accountHolder || [member?.givenName, member?.name].filter(Boolean).join(' ');
}

/**
 * The transfer of a member's result: to the member's account, or for a deceased member (`heirs` not undefined) to the
 * heirs' account when recorded, else to the member's account with `heirsAccountMissing`.
 */
function payoutOf(
  result: DividendMemberDocument,
  member: MemberDocument | undefined,
  heirs?: BankAccount | null,
): SepaPayout {
  const iban = compact(heirs?.iban ?? member?.iban ?? '');
  const bic = compact(heirs ? (heirs.bic ?? '') : (member?.bic ?? ''));
  return {
    memberNr: result.memberNr,
    gross: result.amount,
    kapest: result.dividendTax,
    soli: result.solidarityTax,
    churchTax: result.churchTax,
    // A result projected before issue 45 holds the payout only, which was the whole net (readDividendMember).
    net: result.netAmount,
    credited: result.creditedAmount,
    holder: heirs?.accountHolder ?? accountHolderOf(member),
    iban: iban || null,
    bic: bic || null,
    ...(heirs === null ? { heirsAccountMissing: true } : {}),
  };
}
