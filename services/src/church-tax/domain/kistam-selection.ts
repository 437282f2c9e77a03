import { isIsoDate, isValidSteuerId, regularStatusDate, steuerIdCheckDigit, type KistamProblem } from '@coop/contracts';

/*
 * Who a KiStAM query asks about (issue 24; DOMAIN.md 3.1, 3.2; docs/kistam.md). Pure: the task hands it what it read.
 *
 * - Natural persons only (legal form 0): the query covers natural persons for whom KapESt may be withheld.
 * - Not resident abroad (`isForeign`, DOMAIN.md 12a.7: no church tax for them).
 * - Holders of a non-assessment certificate are queried like everyone (decision: the certificate may end or be
 *   revoked before the payout, and BZSt's exception for them is reported practice, not law; querying is harmless).
 * - Regular query (Regelabfrage): members holding shares on the status date (the latest 31 August on or before today),
 *   unless their church data already comes from a regular query of that status date or later.
 * - Event query (Anlassabfrage): members who joined after that status date, hold shares today, and have no church data
 *   recorded yet (the query when joining, § 51a Abs. 2c S. 1 Nr. 3).
 * A member selected needs a valid tax id (the looked-up `taxId`, else the typed `manualTaxId`; check digit, DOMAIN.md
 * 3.2.1; a test id starting with 0 only where the cooperative allows test ids, 12a.11) and a birth date; a member
 * without is a problem (a `kistamError` notification) and is not asked about.
 */

/** What the selection needs of one member (from the members and church_tax read models). */
export interface KistamCandidate {
  readonly memberId: string;
  readonly memberNr: number;
  readonly legalForm: number | null;
  readonly isForeign: boolean;
  readonly entryDate: string | null;
  readonly sharesOnStatusDate: number;
  readonly sharesToday: number;
  readonly taxId: string | null;
  readonly manualTaxId: string | null;
  readonly birthDate: string | null;
  /** Where the member's church data comes from, or null when none was ever recorded. */
  readonly lastQuery: { readonly queriedOn: string; readonly queryKind: string } | null;
}

export type KistamQueryKind = 'regular' | 'event';

/** One member the request asks about. */
export interface KistamRequestLine {
  readonly memberId: string;
  readonly memberNr: number;
  readonly taxId: string;
  readonly birthDate: string;
  readonly kind: KistamQueryKind;
}

export interface KistamMemberProblem {
  readonly memberId: string;
  readonly memberNr: number;
  readonly problem: KistamProblem;
}

export interface KistamSelection {
  readonly statusDate: string;
  /** By member number. */
  readonly requests: readonly KistamRequestLine[];
  readonly problems: readonly KistamMemberProblem[];
}

/** The status date of the regular query a run on `today` belongs to (contracts/src/task-templates.ts, shared with the console). */
export { regularStatusDate };

/** A usable Steuer-IdNr: valid by structure and check digit; a test id (leading 0) only when allowed. */
export function isQueryableTaxId(value: string, allowTestTaxIds: boolean): boolean {
  if (isValidSteuerId(value)) return true;
  return allowTestTaxIds && /^0\d{10}$/.test(value) && steuerIdCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** The kind of query a member needs on `statusDate`, or null when none. */
export function queryKindFor(c: KistamCandidate, statusDate: string): KistamQueryKind | null {
  if (c.legalForm !== 0 || c.isForeign) return null;
  if (c.sharesOnStatusDate > 0) {
    const done = c.lastQuery !== null && c.lastQuery.queryKind === 'regular' && c.lastQuery.queriedOn >= statusDate;
    return done ? null : 'regular';
  }
  const joinedSince = c.entryDate !== null && c.entryDate > statusDate;
  return joinedSince && c.sharesToday > 0 && c.lastQuery === null ? 'event' : null;
}

/** Selects the members of a query on `today` and checks their identifiers. */
export function selectForKistam(
  candidates: readonly KistamCandidate[],
  today: string,
  allowTestTaxIds: boolean,
): KistamSelection {
  const statusDate = regularStatusDate(today);
  const requests: KistamRequestLine[] = [];
  const problems: KistamMemberProblem[] = [];
  const sorted = [...candidates].sort((a, b) => a.memberNr - b.memberNr);
  for (const c of sorted) {
    const kind = queryKindFor(c, statusDate);
    if (kind === null) continue;
    const taxId = (c.taxId ?? '').trim() !== '' ? c.taxId!.trim() : (c.manualTaxId ?? '').trim();
    const problem: KistamProblem | null =
      taxId === ''
        ? 'kistamTaxIdMissing'
        : !isQueryableTaxId(taxId, allowTestTaxIds)
          ? 'kistamTaxIdInvalid'
          : c.birthDate === null || !isIsoDate(c.birthDate)
            ? 'kistamBirthDateMissing'
            : null;
    if (problem !== null) problems.push({ memberId: c.memberId, memberNr: c.memberNr, problem });
    else requests.push({ memberId: c.memberId, memberNr: c.memberNr, taxId, birthDate: c.birthDate!, kind });
  }
  return { statusDate, requests, problems };
}
