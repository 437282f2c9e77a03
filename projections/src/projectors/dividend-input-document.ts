import type { ReadDocument } from '@coop/contracts';
import { churchFollowingOf, type DividendInputChurchFollowing } from './dividend-input-church.js';
import { flagField, listField, numberField, textField } from './document-fields.js';
import type {
  DividendInputCertificate,
  DividendInputOrder,
  DividendInputPosting,
} from './dividend-inputs.projector.js';

/*
 * What the dividend keeps of each member (collection DIVIDEND_INPUTS, dividend-inputs.projector.ts) as its typed
 * document (decision 258); only the dividend area reads it (the calculation, and a closure's member names).
 */

/**
 * A member's `dividend_inputs` document, read once by `readDividendInput`: text trimmed, blank or absent (erased) null,
 * as every typed document (decision 247); the lists empty when absent.
 */
export interface DividendInputDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly memberNr: number | null;
  readonly name: string | null;
  readonly givenName: string | null;
  readonly birthDate: string | null;
  readonly legalForm: number | null;
  readonly isForeign: boolean;
  readonly state: string | null;
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  /** A regular KiStAM answer not yet in force (dividend-input-church.ts). */
  readonly churchFollowing: DividendInputChurchFollowing | null;
  readonly manualTaxId: string | null;
  readonly taxId: string | null;
  /** The spouse's member id. */
  readonly spouse: string | null;
  readonly spouseTaxId: string | null;
  readonly entryDate: string | null;
  readonly deathDate: string | null;
  readonly exitDate: string | null;
  readonly postings: readonly DividendInputPosting[];
  readonly orders: readonly DividendInputOrder[];
  readonly certificates: readonly DividendInputCertificate[];
}

/** The typed member input from its stored document: the one place the dividend's member fields are read. */
export function readDividendInput(doc: ReadDocument): DividendInputDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    memberNr: numberField(doc, 'memberNr'),
    name: textField(doc, 'name'),
    givenName: textField(doc, 'givenName'),
    birthDate: textField(doc, 'birthDate'),
    legalForm: numberField(doc, 'legalForm'),
    isForeign: flagField(doc, 'isForeign'),
    state: textField(doc, 'state'),
    churchId: textField(doc, 'churchId'),
    churchTaxRate: textField(doc, 'churchTaxRate'),
    churchFollowing: churchFollowingOf(doc),
    manualTaxId: textField(doc, 'manualTaxId'),
    taxId: textField(doc, 'taxId'),
    spouse: textField(doc, 'spouse'),
    spouseTaxId: textField(doc, 'spouseTaxId'),
    entryDate: textField(doc, 'entryDate'),
    deathDate: textField(doc, 'deathDate'),
    exitDate: textField(doc, 'exitDate'),
    postings: listField<DividendInputPosting>(doc, 'postings'),
    orders: listField<DividendInputOrder>(doc, 'orders'),
    certificates: listField<DividendInputCertificate>(doc, 'certificates'),
  };
}
