import { businessToday, type ChurchQueryKind, type KistamProblem } from '@coop/contracts';
import { churchIdOfKey, KISTAM_KEYS, normalizedChurchRate } from './church-keys.js';
import type { ReadAnswer, RequestedLine } from './kistam-files.js';

/*
 * What a KiStAM answer means for the members asked about (issue 24; DOMAIN.md 3.3; docs/kistam.md). Pure: the answer
 * as read, the request's lines, the cooperative's members now. A member is found by tax id (the looked-up or the
 * typed one), else by the member number the request gave for that tax id. Each answered member gets its church data
 * (a null answer: none, which deletes what was held); a line BZSt answered with an error, an unknown key or a rate out
 * of range records nothing for its member and is a problem; a member asked about and not answered is "no information".
 * Two lines record nothing and are a problem of the line: one whose member was erased since the request (decision
 * 362: an erased member takes no church data), and one whose status date lies before the status date the request asked
 * for (an earlier answer file) or after `today` (no answer tells a status still to come; recorded, it kept the member
 * from the regular queries until then).
 */

/** What the answer needs of a member now. */
export interface AnswerMember {
  readonly memberId: string;
  readonly memberNr: number;
  readonly taxIds: readonly string[];
  readonly birthDate: string | null;
  /** Erased by the data-protection clean-up (its read model's `erased`): takes no church data. */
  readonly erased?: boolean;
}

export interface ChurchRecord {
  readonly memberId: string;
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly queriedOn: string;
  readonly queryKind: ChurchQueryKind;
}

export interface AnswerMemberProblem {
  readonly memberId: string;
  readonly memberNr: number;
  readonly problem: KistamProblem;
  /** A detail for the text (BZSt's error code), or ''; never church data (CHURCH_NAMING_PROBLEMS). */
  readonly detail: string;
}

export interface AnswerLineProblem {
  readonly line: number;
  readonly problem: KistamProblem;
  readonly detail: string;
}

export interface AnswerOutcome {
  readonly records: readonly ChurchRecord[];
  readonly memberProblems: readonly AnswerMemberProblem[];
  readonly lineProblems: readonly AnswerLineProblem[];
  readonly noInformation: readonly { readonly memberId: string; readonly memberNr: number }[];
}

export function interpretAnswer(
  answer: ReadAnswer,
  requested: readonly RequestedLine[],
  members: readonly AnswerMember[],
  keys: Readonly<Record<string, string>> = KISTAM_KEYS,
  today: string = businessToday(),
): AnswerOutcome {
  const asked = new Map(requested.map((r) => [r.taxId, r]));
  const byTaxId = new Map<string, AnswerMember>();
  const byNr = new Map<number, AnswerMember>();
  for (const m of members) {
    byNr.set(m.memberNr, m);
    for (const t of m.taxIds) byTaxId.set(t, m);
  }
  const records: ChurchRecord[] = [];
  const memberProblems: AnswerMemberProblem[] = [];
  const lineProblems: AnswerLineProblem[] = answer.errors.map((e) => ({ ...e }));
  const answered = new Set<string>();
  for (const line of answer.lines) {
    const request = asked.get(line.taxId);
    const member = byTaxId.get(line.taxId) ?? (request ? byNr.get(request.memberNr) : undefined);
    if (!request || !member) {
      lineProblems.push({ line: line.line, problem: 'kistamNotRequested', detail: '' });
      continue;
    }
    if (answered.has(line.taxId)) {
      lineProblems.push({ line: line.line, problem: 'kistamLineTwice', detail: '' });
      continue;
    }
    answered.add(line.taxId);
    if (member.erased === true) {
      lineProblems.push({ line: line.line, problem: 'kistamMemberErased', detail: '' });
      continue;
    }
    if (line.statusDate > today || (request.statusDate != null && line.statusDate < request.statusDate)) {
      lineProblems.push({ line: line.line, problem: 'kistamLineStatusDateOutside', detail: '' });
      continue;
    }
    const problem = (p: KistamProblem, detail = ''): void =>
      void memberProblems.push({ memberId: member.memberId, memberNr: member.memberNr, problem: p, detail });
    if (line.returnCode !== null) {
      problem('kistamAnswerError', line.returnCode);
      continue;
    }
    if (line.birthDate !== null && member.birthDate !== null && line.birthDate !== member.birthDate) {
      problem('kistamBirthDateMismatch');
      continue;
    }
    const base = { memberId: member.memberId, queriedOn: line.statusDate, queryKind: request.kind };
    if (line.key === null) {
      // The null value is key and rate empty (docs/kistam.md): a rate without a key is a damaged line, and read as a
      // null answer it deleted the member's church data for good. A rate of 0 is none.
      if (line.rate !== null && !/^0*(?:[.,]0*)?$/.test(line.rate)) problem('kistamKeyMissing');
      else records.push({ ...base, churchId: null, churchTaxRate: null });
      continue;
    }
    const churchId = churchIdOfKey(line.key, keys);
    // Neither the key nor the rate goes into the problem: its notification is read by every role, and a key names a
    // religious community (CHURCH_NAMING_PROBLEMS, issue 38). The answer file (church:read) shows them.
    if (churchId === null) {
      problem('kistamUnknownChurchKey');
      continue;
    }
    const rate = line.rate === null ? null : normalizedChurchRate(line.rate);
    if (rate === 'invalid' || rate === 'tooHigh') {
      problem('kistamInvalidRate');
      continue;
    }
    records.push({ ...base, churchId, churchTaxRate: rate });
  }
  const noInformation = requested
    .filter((r) => !answered.has(r.taxId))
    .map((r) => byTaxId.get(r.taxId) ?? byNr.get(r.memberNr))
    .filter((m): m is AnswerMember => m !== undefined && m.erased !== true)
    .map((m) => ({ memberId: m.memberId, memberNr: m.memberNr }));
  return { records, memberProblems, lineProblems, noInformation };
}
