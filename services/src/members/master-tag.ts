import { MEMBER_PERSONAL_FIELDS } from '@coop/contracts';
import { versionTag } from '../platform/commands/version-tag.js';

/**
 * The master fields a member form edits, as one tag: the record answers it (`MemberDto.masterTag`) and a change sent
 * back with it is refused `409 memberChangedMeanwhile` when the member's master data are no longer those (a lost
 * update: two clerks editing one member, the later form written over the earlier change). The church data are left
 * out: they are hidden from readers without `church:read` and changed on their own route.
 */
const TAGGED: readonly string[] = [
  // Nor the spouse: the clean-up cuts the link to an erased spouse in the read model only, and the tag of the record
  // would never again be the stream's (a probe: every save of the survivor refused).
  ...MEMBER_PERSONAL_FIELDS.filter((f) => !['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz', 'spouse'].includes(f)),
  'memberType',
  'position',
  'legalForm',
  'isForeign',
  'entryDate',
  'approvalDate',
  'interestBegin',
];

/** Text trimmed and blank as null, absent as null: the read model's documents and the stream's state compare alike. */
function plain(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

/** The tag of master data (the stream's state, or a member as answered: `position` the member's position). */
export function masterTag(master: Readonly<Record<string, unknown>>): string {
  return versionTag(TAGGED.map((field) => plain(master[field])));
}
