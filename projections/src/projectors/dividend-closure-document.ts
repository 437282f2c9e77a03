import type { ChurchTaxDto, DividendSettingsDto, DividendStatus, ReadDocument, TaxReturnDto } from '@coop/contracts';
import { listField, numberField, textField } from './document-fields.js';

/*
 * A closure (collection DIVIDENDS, dividend-collections.ts; written by dividends.projector.ts `closureDoc`) as its
 * typed document (decision 258), from `@coop/projections/dividend`: the dividend area reads it, and the tax documents,
 * the FSA control report and the payouts read it through that area's `dividendClosures`.
 */

/** The numbers of a closure, in cents (the tax return's rows in whole euros), 0 when absent. */
const SUMS = [
  'amount',
  'dividend',
  'memberCount',
  'exemptions',
  'taxableAmount',
  'taxAmount',
  'solidaryTaxAmount',
  'churchTax',
  'paymentAmount',
  'registeredTaxAmount',
  'residue',
] as const;
type Sum = (typeof SUMS)[number];

const TAX_RETURN_ROWS = [
  'row31BaseEuros',
  'row31KapestEuros',
  'row32BaseEuros',
  'row32KapestEuros',
  'row33BaseEuros',
  'row34SoliCents',
  'kapestDueEuros',
] as const;

/**
 * A closure as the dividends projector writes it, read once by `readDividendClosure`: the `DividendDto` fields without
 * its members and errors, and the read store's own. A closure recorded before issue 40 has no status (it was written
 * whole: closed); before issue 45 it holds only the payout, which was the whole net, and nothing credited.
 */
export type DividendClosureDocument = { readonly [S in Sum]: number } & {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  /** The cooperative's id, as the API answers it. */
  readonly cooperative: string;
  readonly year: number;
  readonly type: string;
  readonly resolved: string;
  readonly percent: string;
  readonly decisionDate: string;
  readonly paymentDate: string;
  readonly netAmount: number;
  readonly creditedAmount: number;
  readonly taxReturn: TaxReturnDto;
  readonly singleChurchTax: readonly ChurchTaxDto[];
  readonly settings: DividendSettingsDto;
  readonly closedAt: string | null;
  readonly closedBy: string | null;
  readonly status: DividendStatus;
};

/** The typed closure from its stored document: the one place a closure's fields are read. */
export function readDividendClosure(doc: ReadDocument): DividendClosureDocument {
  const sums = Object.fromEntries(SUMS.map((f) => [f, numberField(doc, f) ?? 0])) as { [S in Sum]: number };
  const rows = (typeof doc.taxReturn === 'object' && doc.taxReturn !== null ? doc.taxReturn : {}) as Record<
    string,
    unknown
  >;
  const taxReturn = Object.fromEntries(
    TAX_RETURN_ROWS.map((f) => [f, typeof rows[f] === 'number' ? rows[f] : 0]),
  ) as unknown as TaxReturnDto;
  return {
    ...sums,
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    cooperative: textField(doc, 'cooperative') ?? doc.cooperativeId,
    year: numberField(doc, 'year') ?? 0,
    type: textField(doc, 'type') ?? '',
    resolved: textField(doc, 'resolved') ?? '',
    percent: textField(doc, 'percent') ?? '',
    decisionDate: textField(doc, 'decisionDate') ?? '',
    paymentDate: textField(doc, 'paymentDate') ?? '',
    netAmount: numberField(doc, 'netAmount') ?? sums.paymentAmount,
    creditedAmount: numberField(doc, 'creditedAmount') ?? 0,
    taxReturn,
    singleChurchTax: listField<ChurchTaxDto>(doc, 'singleChurchTax'),
    settings: (doc.settings ?? {}) as DividendSettingsDto,
    closedAt: textField(doc, 'closedAt'),
    closedBy: textField(doc, 'closedBy'),
    status: doc.status === 'closing' ? 'closing' : 'closed',
  };
}
