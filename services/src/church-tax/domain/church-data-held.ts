import { MEMBER_CHURCH_FIELDS } from '@coop/contracts';

/** An event of the member stream as read (personal fields opened, erased ones null). */
export interface MemberStreamEvent {
  readonly type: string;
  readonly data: object;
}

type ChurchFields = Record<(typeof MEMBER_CHURCH_FIELDS)[number], unknown>;

/**
 * The member's church data as its stream now reads, folded as the members read model folds it: the master data sets the
 * church fields it carries (`MemberAdmitted`, `MemberDataChanged`); an answer sets church id and rate, and a null
 * answer clears the old `kiSt` / `kiStSatz` as well (DOMAIN.md 3.3).
 */
export function churchDataOf(events: readonly MemberStreamEvent[]): ChurchFields {
  const out: ChurchFields = { churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null };
  for (const e of events) apply(out, e);
  return out;
}

function apply(out: ChurchFields, e: MemberStreamEvent): void {
  const data = e.data as Record<string, unknown>;
  if (e.type === 'MemberAdmitted' || e.type === 'MemberDataChanged') {
    for (const f of MEMBER_CHURCH_FIELDS) if (f in data) out[f] = data[f] ?? null;
  } else if (e.type === 'ChurchDataRecorded') {
    out.churchId = data.churchId ?? null;
    out.churchTaxRate = data.churchTaxRate ?? null;
    if (out.churchId === null && out.churchTaxRate === null) Object.assign(out, { kiSt: null, kiStSatz: null });
  }
}

const anyValue = (fields: ChurchFields): boolean => Object.values(fields).some((v) => v !== null && v !== '');

/**
 * True while the member holds church data: its church key must then stay. Once every church field reads null (a null
 * answer, or the master data cleared), deleting the key loses nothing the member has now and erases what it had.
 */
export function holdsChurchData(events: readonly MemberStreamEvent[]): boolean {
  return anyValue(churchDataOf(events));
}

/** True when some event of the stream reads a church value (what its church key, if any, still opens). */
export function everHeldChurchData(events: readonly MemberStreamEvent[]): boolean {
  const out: ChurchFields = { churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null };
  return events.some((e) => {
    apply(out, e);
    return anyValue(out);
  });
}
