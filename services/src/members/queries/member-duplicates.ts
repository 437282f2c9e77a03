import { Injectable } from '@nestjs/common';
import { isIsoDate, memberFieldError, personNameKey, ValidationError, type DuplicateCandidate } from '@coop/contracts';
import { ReadModels } from '../../platform/http/read-models.js';
import { memberDocuments, memberName, type MemberDocument } from './member-documents.js';

/** What the clerk has entered so far of a new member: any of it may be empty. */
export interface DuplicateQuery {
  readonly name: string | null;
  readonly givenName: string | null;
  readonly birthDate: string | null;
  readonly iban: string | null;
  /** The member being edited (never its own duplicate). */
  readonly exclude: string | null;
}

/** At most this many candidates per reason: a clerk checks a few, not a list. */
const LIMIT = 10;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const keyOf = (name: string | null, givenName: string | null): string | null => personNameKey(name, givenName);

/** The query string of `GET /members/duplicates`; a birth date that is no calendar date is 400 invalidDate. */
export function duplicateQueryOf(raw: Record<string, unknown>): DuplicateQuery {
  const birthDate = text(raw.birthDate);
  if (birthDate !== null && !isIsoDate(birthDate))
    throw new ValidationError([memberFieldError('birthDate', 'invalidDate', birthDate)]);
  const iban = text(raw.iban);
  return {
    name: text(raw.name),
    givenName: text(raw.givenName),
    birthDate,
    iban: iban === null ? null : iban.replace(/\s+/g, '').toUpperCase(),
    exclude: text(raw.exclude),
  };
}

/**
 * Possible duplicates of a member being entered (issue 22 "Safety nets"), read from the members' read model within the
 * caller's cooperative only: the same name, given name and birth date; or the same IBAN on a member of another name.
 * Names compare as `personNameKey` spells them (issue 39: "Schoenberger" is "Schönberger", case and spacing alike), the
 * import's dry run the same way. Each an indexed equality query (nameKey, iban); the birth date is compared on the few found.
 */
@Injectable()
export class MemberDuplicates {
  constructor(private readonly reads: ReadModels) {}

  async candidates(cooperativeId: string, q: DuplicateQuery): Promise<DuplicateCandidate[]> {
    const out: DuplicateCandidate[] = [];
    const seen = new Set<string>(q.exclude ? [q.exclude] : []);
    const add = (doc: MemberDocument, reason: DuplicateCandidate['reason']) => {
      if (seen.has(doc.id)) return;
      seen.add(doc.id);
      out.push({
        id: doc.id,
        memberNr: doc.memberNr,
        label: memberName(doc),
        reason,
      });
    };
    const asked = keyOf(q.name, q.givenName);
    if (asked !== null && q.birthDate !== null) {
      const page = await memberDocuments.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'nameKey', op: 'eq', value: asked }],
        limit: LIMIT * 5,
      });
      for (const doc of page.items) {
        if (doc.birthDate === q.birthDate && keyOf(doc.name, doc.givenName) === asked) add(doc, 'nameAndBirthDate');
      }
    }
    if (q.iban !== null) {
      const page = await memberDocuments.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'iban', op: 'eq', value: q.iban }],
        limit: LIMIT,
      });
      for (const doc of page.items) {
        if (keyOf(doc.name, doc.givenName) !== asked) add(doc, 'iban');
      }
    }
    return out;
  }
}
