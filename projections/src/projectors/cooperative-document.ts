import {
  DEFAULT_NOTICE_PERIOD_MONTHS,
  DEFAULT_RETENTION_YEARS,
  DEFAULT_SESSION_IDLE_MINUTES,
  dividendSettingsOf,
  interestBeginRuleOf,
  type CollectionSpec,
  type CooperativeDto,
  type ReadDocument,
} from '@coop/contracts';
import { numberField, textField } from './document-fields.js';

/*
 * The cooperatives' collection and its typed document (decision 247). Reached by services only through
 * `@coop/projections/cooperatives`, which only the cooperatives area (and the platform) may import: every other area
 * reads a cooperative through the cooperatives area's `cooperativeReads` (rule `read-model-through-its-owner`).
 */

export const COOPERATIVES: CollectionSpec = {
  name: 'cooperatives',
  fields: { name: 'string', fullName: 'string', city: 'string' },
  search: ['name', 'fullName', 'city'],
};

/**
 * A cooperative as the cooperatives projector writes it (its `CooperativeFields`, cooperatives.projector.ts), read once
 * by `readCooperative`: the API's `CooperativeDto` with every setting a cooperative recorded before it has at its
 * default, and the read store's own fields.
 */
export type CooperativeDocument = Readonly<
  Omit<CooperativeDto, 'retentionYears' | 'sessionIdleMinutes' | 'liabilityPerShare'> & {
    readonly cooperativeId: string;
    readonly position: string;
    /** Full calendar years the data-protection clean-up keeps a former member (issue 27; before it: 10). */
    readonly retentionYears: number;
    /** Minutes of idleness that end a session (issue 38; before it: 30). */
    readonly sessionIdleMinutes: number;
    /** The statutes' liability per share in cents (issue 45); none before it. */
    readonly liabilityPerShare: number | null;
  }
>;

/** Text fields of a cooperative: required (trimmed by the request class), read as empty when absent. */
const text = (doc: ReadDocument, field: string): string => textField(doc, field) ?? '';

/** The typed cooperative from its stored document: the one place the cooperatives' fields are read. */
export function readCooperative(doc: ReadDocument): CooperativeDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    name: text(doc, 'name'),
    fullName: text(doc, 'fullName'),
    address: text(doc, 'address'),
    zip: text(doc, 'zip'),
    city: text(doc, 'city'),
    email: text(doc, 'email'),
    contactPerson: text(doc, 'contactPerson'),
    url: text(doc, 'url'),
    taxId: text(doc, 'taxId'),
    taxOffice: text(doc, 'taxOffice'),
    bankname: text(doc, 'bankname'),
    iban: text(doc, 'iban'),
    bic: text(doc, 'bic'),
    balanceCost: numberField(doc, 'balanceCost') ?? 0,
    minimumShares: numberField(doc, 'minimumShares') ?? 1,
    noticePeriodMonths: numberField(doc, 'noticePeriodMonths') ?? DEFAULT_NOTICE_PERIOD_MONTHS,
    retentionYears: numberField(doc, 'retentionYears') ?? DEFAULT_RETENTION_YEARS,
    sessionIdleMinutes: numberField(doc, 'sessionIdleMinutes') ?? DEFAULT_SESSION_IDLE_MINUTES,
    interestBeginRule: interestBeginRuleOf(doc.interestBeginRule),
    liabilityPerShare: numberField(doc, 'liabilityPerShare'),
    ...dividendSettingsOf(doc),
  };
}
