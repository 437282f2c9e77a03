import { randomBytes } from 'node:crypto';
import { fieldError, isValidBic, isValidCreditorId, isValidIban, type FieldError } from '@coop/contracts';
import { germanDate } from '../../kernel/german-format.js';
import { downloadName, fileNamePart } from '../../platform/http/attachment.js';
import { debtorAddress, isSepaRepresentable, NAME_MAX, type SepaDebtor } from '../../payouts/index.js';
import type { PlannedDebit } from '../domain/collection-plan.js';
import type { SepaDebitFile } from './pain008.js';

/*
 * What a collection's pain.008 file is made of (issue 45, DEBIT): the cooperative as creditor (name, IBAN, BIC, creditor
 * identifier from its payment terms), the message id, the debits' texts, and the file's name.
 */

const compact = (value: string): string => value.replace(/\s+/g, '').toUpperCase();
/** The creditor's name: the cooperative's full name, else its name (the typed cooperative: text trimmed). */
export const creditorName = (cooperative: SepaDebtor): string => cooperative.fullName || cooperative.name;

/** The refusals of a collection for the creditor's side: its name, IBAN, BIC and creditor identifier. */
export function creditorErrors(cooperative: SepaDebtor, creditorId: string | null): FieldError[] {
  const errors: FieldError[] = [];
  const name = creditorName(cooperative);
  if (!name || !isSepaRepresentable(name, NAME_MAX)) errors.push(fieldError(null, 'missingCooperativeName'));
  const iban = compact(cooperative.iban);
  if (!iban || !isValidIban(iban)) errors.push(fieldError(null, 'missingCooperativeIban'));
  const bic = compact(cooperative.bic);
  if (!bic || !isValidBic(bic)) errors.push(fieldError(null, 'missingCooperativeBic'));
  if (creditorId === null || !isValidCreditorId(compact(creditorId)))
    errors.push(fieldError(null, 'creditorIdMissing'));
  return errors;
}

/** `LS<yyyymmddhhmmss>-<6 hex>`: unique per file (≤ 35). */
export function debitMessageId(now: Date): string {
  return `LS${now.toISOString().slice(0, 19).replace(/\D/g, '')}-${randomBytes(3).toString('hex')}`;
}

/** The debit's end-to-end id: its payment id without dashes (32 characters), so a return names the payment. */
export const endToEndIdOf = (paymentId: string): string => paymentId.replace(/-/g, '');

/**
 * The payment id a bank statement's end-to-end id names when it is one of this product's debits (`endToEndIdOf`'s
 * inverse: 32 hexadecimal digits, any case), else null.
 */
export function paymentIdOfEndToEndId(endToEndId: string): string | null {
  const hex = endToEndId.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The remittance text the member reads on the bank statement (German, as the cooperative's letters): the subscription's
 * day as a German date ("Zeichnung vom 10.01.2025"; it read "2025-01-10").
 */
export const debitRemittance = (d: PlannedDebit, postingDate: string | null): string =>
  `Einzahlung Geschaeftsanteile Mitgl-Nr ${d.memberNr ?? ''}${postingDate ? ` Zeichnung vom ${germanDate(postingDate)}` : ''}`.replace(
    / {2,}/g,
    ' ',
  );

export function debitFile(input: {
  readonly messageId: string;
  readonly now: Date;
  readonly collectionDate: string;
  readonly cooperative: SepaDebtor;
  readonly creditorId: string;
  readonly debits: readonly PlannedDebit[];
  readonly postingDates: ReadonlyMap<string, string>;
}): SepaDebitFile {
  const { cooperative } = input;
  return {
    messageId: input.messageId,
    createdAt: input.now.toISOString().slice(0, 19),
    collectionDate: input.collectionDate,
    creditor: {
      name: creditorName(cooperative),
      iban: compact(cooperative.iban),
      bic: compact(cooperative.bic),
      creditorId: compact(input.creditorId),
      address: debtorAddress(cooperative),
    },
    debits: input.debits.map((d) => ({
      endToEndId: endToEndIdOf(d.paymentId),
      amount: d.amount,
      sequence: d.sequence,
      mandateReference: d.reference,
      signedOn: d.signedOn,
      debtorName: d.holder,
      iban: d.iban,
      bic: d.bic && isValidBic(d.bic) ? d.bic : null,
      ...(d.address === undefined ? {} : { address: d.address }),
      remittance: debitRemittance(d, input.postingDates.get(d.balanceId) ?? null),
    })),
  };
}

/** `Lastschrift-<collection date>-<cooperative>.xml`. */
export function debitFileName(collectionDate: string, cooperative: SepaDebtor): string {
  return downloadName(
    ['Lastschrift', collectionDate, fileNamePart(creditorName(cooperative), 'Genossenschaft')],
    'xml',
  );
}
