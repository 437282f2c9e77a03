import type { CollectionSpec, ReadDocument } from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';

/*
 * The tax papers' collections (exemption orders, non-assessment certificates; written by tax-papers.projector.ts) and
 * their typed documents (decisions 247, 257). Reached by services through `@coop/projections/tax-papers`, which only the
 * tax-papers area (and the platform) may import: every other area reads them through the tax-papers area's
 * `exemptionOrderDocuments` and `nonAssessmentDocuments` (services/src/tax-papers/index.ts).
 */

/**
 * Exemption orders (FSA), one document per order. `memberName`/`memberNr` are copied from the member
 * document when the order is recorded or corrected (for search and sort; the API shows the member's
 * current name). `activeUntil` is the end date or `9999-12-31`, so the derived state is one range filter.
 */
export const EXEMPTION_ORDERS: CollectionSpec = {
  name: 'exemptionorders',
  fields: {
    member: 'string',
    memberName: 'string',
    memberNr: 'number',
    type: 'number',
    joint: 'boolean',
    spouse: 'string',
    amount: 'number',
    date: 'string',
    startDate: 'string',
    endDate: 'string',
    activeUntil: 'string',
  },
  search: ['memberName', 'memberNr'],
};

/** Non-assessment certificates (NV), one document per certificate; member name and number as for exemption orders. */
export const NON_ASSESSMENTS: CollectionSpec = {
  name: 'nonassessments',
  fields: {
    member: 'string',
    memberName: 'string',
    memberNr: 'number',
    type: 'number',
    orderNumber: 'string',
    date: 'string',
    taxAuthorities: 'string',
    startDate: 'string',
    endDate: 'string',
    original: 'boolean',
    activeUntil: 'string',
  },
  search: ['memberName', 'memberNr', 'orderNumber'],
};

/** What both papers hold: the member (its id, '' when absent; name and number as recorded) and the paper's dates. */
interface TaxPaperDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly member: string;
  readonly memberName: string | null;
  readonly memberNr: number | null;
  /** The paper's type code (0 when absent). */
  readonly type: number;
  /** Issue date, first day ('' when absent). */
  readonly date: string;
  readonly startDate: string;
}

/**
 * An exemption order as the tax-papers projector writes it, read once by `readExemptionOrder`: text trimmed, blank or
 * absent null ('' for the dates always there); the amount in cents (0 when absent).
 */
export interface ExemptionOrderDocument extends TaxPaperDocument {
  readonly joint: boolean;
  /** A joint order's spouse when a member (id), else null. */
  readonly spouse: string | null;
  /** The linked spouse's name as recorded. */
  readonly spouseName: string | null;
  readonly amount: number;
  readonly endDate: string | null;
}

/** A non-assessment certificate as the tax-papers projector writes it, read once by `readNonAssessment`. */
export interface NonAssessmentDocument extends TaxPaperDocument {
  readonly orderNumber: string | null;
  readonly taxAuthorities: string | null;
  /** Last day ('' when absent). */
  readonly endDate: string;
  /** The original is on file. */
  readonly original: boolean;
}

function readTaxPaper(doc: ReadDocument): TaxPaperDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    member: textField(doc, 'member') ?? '',
    memberName: textField(doc, 'memberName'),
    memberNr: numberField(doc, 'memberNr'),
    type: numberField(doc, 'type') ?? 0,
    date: textField(doc, 'date') ?? '',
    startDate: textField(doc, 'startDate') ?? '',
  };
}

/** The typed exemption order from its stored document: the one place its fields are read. */
export function readExemptionOrder(doc: ReadDocument): ExemptionOrderDocument {
  return {
    ...readTaxPaper(doc),
    joint: flagField(doc, 'joint'),
    spouse: textField(doc, 'spouse'),
    spouseName: textField(doc, 'spouseName'),
    amount: numberField(doc, 'amount') ?? 0,
    endDate: textField(doc, 'endDate'),
  };
}

/** The typed non-assessment certificate from its stored document: the one place its fields are read. */
export function readNonAssessment(doc: ReadDocument): NonAssessmentDocument {
  return {
    ...readTaxPaper(doc),
    orderNumber: textField(doc, 'orderNumber'),
    taxAuthorities: textField(doc, 'taxAuthorities'),
    endDate: textField(doc, 'endDate') ?? '',
    original: flagField(doc, 'original'),
  };
}
