import {
  MEMBER_CHURCH_FIELDS,
  MEMBER_PERSONAL_FIELDS,
  type ChurchDataErased,
  type ErasedMember,
  type MembersErased,
  type ReadDocument,
  type RecordedEvent,
  type WriteOp,
} from '@coop/contracts';
import type { DocKey } from '../runner/projector.js';

/*
 * The data-protection clean-up in the read models (issue 27). `MembersErased` names every document that holds an erased
 * member's personal data; each projector blanks its own collections' documents (the runner gives one event's document
 * to one projector only). Every blanked field gets a fixed value, so that the documents read the same at once and after
 * a rebuild, where the member's events arrive with their personal fields null (the key is gone) and this event then
 * sets the same values again.
 */

export const MEMBERS_ERASED = 'MembersErased';

const erasedMembers = (recorded: RecordedEvent): readonly ErasedMember[] =>
  (recorded as RecordedEvent<MembersErased>).data.members;
const key =
  (collection: string) =>
  (id: string): DocKey => ({ collection, id });

/** Put every document among `keys` that exists, changed by `change`. */
function blank(
  recorded: RecordedEvent,
  current: (key: DocKey) => ReadDocument | undefined,
  keys: readonly DocKey[],
  change: (doc: ReadDocument) => Record<string, unknown>,
): WriteOp[] {
  const position = recorded.position.toString();
  const ops: WriteOp[] = [];
  for (const k of keys) {
    const doc = current(k);
    if (doc) ops.push({ kind: 'put', collection: k.collection, doc: { ...doc, ...change(doc), position } });
  }
  return ops;
}

/*
 * After the erasure: an event about an erased member that carries personal fields (recorded while the
 * clean-up ran, before its keys were deleted; or with a key made anew since) leaves them blanked exactly as the erasure
 * did, on every document the erasure marked `erased`. A rebuild gives the same: there such an event arrives with its
 * fields null or in clear alike, and the same blanks follow. Each projector names the event types it so guards.
 */

/** `ops` with each document written that was erased before (its stored document says `erased`) blanked again by `blanks`. */
export function keptErased(
  ops: readonly WriteOp[],
  current: (key: DocKey) => ReadDocument | undefined,
  collection: string,
  blanks: (doc: ReadDocument) => Record<string, unknown>,
): WriteOp[] {
  return ops.map((op) => {
    if (op.kind !== 'put' || op.collection !== collection) return op;
    if (current({ collection, id: op.doc.id })?.erased !== true) return op;
    return { ...op, doc: { ...op.doc, ...blanks(op.doc), erased: true } };
  });
}

/** The member fields an erasure blanks: the master data's personal fields, the tax id, the notice's reason and the hold's. */
const MEMBER_BLANKS: Readonly<Record<string, null>> = Object.fromEntries(
  [...MEMBER_PERSONAL_FIELDS, 'taxId', 'nameKey', 'taxIdKey', 'exitExtraordinaryReason', 'retentionHoldReason'].map(
    (f) => [f, null],
  ),
);

/** An erased member's document: type 2 ("GDPR removed"), its personal fields null. */
const ERASED_MEMBER = { ...MEMBER_BLANKS, memberType: 2, erased: true };
/** A `members` document of an erased member written again (keptErased): as the erasure left it, `erasedAt` kept. */
export const erasedMemberBlanks = (): Record<string, unknown> => ERASED_MEMBER;

/** Members projector: the erased members (type 2, personal fields null), their postings' names, and spouse links to them. */
export const membersErasure = {
  keys(recorded: RecordedEvent): DocKey[] {
    return erasedMembers(recorded).flatMap((m) => [
      key('members')(m.memberId),
      ...m.balances.map(key('balances')),
      ...m.spouseOfMembers.map(key('members')),
    ]);
  },
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const erasedAt = (recorded as RecordedEvent<MembersErased>).data.asOf;
    const erased = new Set(erasedMembers(recorded).map((m) => m.memberId));
    return erasedMembers(recorded).flatMap((m) => [
      ...blank(recorded, current, [key('members')(m.memberId)], () => ({ ...ERASED_MEMBER, erasedAt })),
      ...blank(recorded, current, m.balances.map(key('balances')), () => ({
        memberName: '',
        orderNumber: null,
        taxAuthorities: null,
      })),
      // A spouse also erased in this run is blanked above as a whole.
      ...blank(recorded, current, m.spouseOfMembers.filter((id) => !erased.has(id)).map(key('members')), () => ({
        spouse: null,
      })),
    ]);
  },
};

/** Tax papers projector: the erased member's orders and certificates, and the other members' orders naming it as spouse. */
export const taxPapersErasure = {
  keys(recorded: RecordedEvent): DocKey[] {
    return erasedMembers(recorded).flatMap((m) => [
      ...m.exemptionOrders.map(key('exemptionorders')),
      ...m.nonAssessments.map(key('nonassessments')),
      ...m.spouseOfExemptionOrders.map(key('exemptionorders')),
    ]);
  },
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const own = new Set(erasedMembers(recorded).flatMap((m) => m.exemptionOrders));
    return erasedMembers(recorded).flatMap((m) => [
      ...blank(recorded, current, m.exemptionOrders.map(key('exemptionorders')), () => ({
        memberName: '',
        spouse: null,
        spouseName: null,
      })),
      ...blank(recorded, current, m.nonAssessments.map(key('nonassessments')), () => ({
        memberName: '',
        orderNumber: null,
        taxAuthorities: null,
      })),
      ...blank(
        recorded,
        current,
        m.spouseOfExemptionOrders.filter((id) => !own.has(id)).map(key('exemptionorders')),
        () => ({ spouse: null, spouseName: null }),
      ),
    ]);
  },
};

/** Dividends projector: the erased member's rows of the closures lose the church (the amounts stay). */
export const dividendsErasure = {
  keys(recorded: RecordedEvent): DocKey[] {
    return erasedMembers(recorded).flatMap((m) => m.dividendRows.map(key('dividend_members')));
  },
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    return erasedMembers(recorded).flatMap((m) =>
      blank(recorded, current, m.dividendRows.map(key('dividend_members')), () => ({
        churchId: null,
        churchName: null,
        churchRate: null,
      })),
    );
  },
};

/** The personal master fields the dividend's inputs keep of a member. */
const INPUT_BLANKS = {
  name: null,
  givenName: null,
  birthDate: null,
  state: null,
  churchId: null,
  churchTaxRate: null,
  churchFollowing: null,
  manualTaxId: null,
  taxId: null,
  spouse: null,
  spouseTaxId: null,
};

/** The orders' spouse links: all of the erased member's own (sealed under its key), those naming it on its spouse's. */
function cut(doc: ReadDocument, linked: (spouse: string | null | undefined) => boolean): Record<string, unknown> {
  return {
    orders: ((doc.orders as { spouseMemberId?: string | null }[] | undefined) ?? []).map((o) =>
      linked(o.spouseMemberId) ? { ...o, spouseMemberId: null } : o,
    ),
  };
}

/** An erased member's `dividend_inputs` document (at the erasure, and written again: keptErased). */
export const erasedInputBlanks = (doc: ReadDocument): Record<string, unknown> => ({
  ...cut(doc, () => true),
  ...INPUT_BLANKS,
});

/** Dividend inputs projector: the erased member's inputs, and the spouse links of the members whose spouse it was. */
export const dividendInputsErasure = {
  keys(recorded: RecordedEvent): DocKey[] {
    return erasedMembers(recorded).flatMap((m) => [
      key('dividend_inputs')(m.memberId),
      ...m.spouseOfMembers.map(key('dividend_inputs')),
    ]);
  },
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const erased = new Set(erasedMembers(recorded).map((m) => m.memberId));
    return erasedMembers(recorded).flatMap((m) => [
      ...blank(recorded, current, [key('dividend_inputs')(m.memberId)], (doc) => ({
        ...erasedInputBlanks(doc),
        erased: true,
      })),
      ...blank(
        recorded,
        current,
        m.spouseOfMembers.filter((id) => !erased.has(id)).map(key('dividend_inputs')),
        (doc) => ({
          ...(doc.spouse === m.memberId ? { spouse: null } : {}),
          ...cut(doc, (spouse) => spouse === m.memberId),
        }),
      ),
    ]);
  },
};

/*
 * The clean-up's church step (decision 101): `ChurchDataErased` names former members whose church key is deleted after
 * it. Their church fields read null at once, and the same after a rebuild (their church fields then arrive null).
 */
export const CHURCH_DATA_ERASED = 'ChurchDataErased';

const churchErased = (recorded: RecordedEvent): readonly string[] =>
  (recorded as RecordedEvent<ChurchDataErased>).data.members.map((m) => m.memberId);

/** Members projector: the member's church fields (church id, rate, `kiSt`, `kiStSatz`). */
export const membersChurchErasure = {
  keys: (recorded: RecordedEvent): DocKey[] => churchErased(recorded).map(key('members')),
  project: (recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] =>
    blank(recorded, current, churchErased(recorded).map(key('members')), () =>
      Object.fromEntries(MEMBER_CHURCH_FIELDS.map((f) => [f, null])),
    ),
};

/** Dividend inputs projector: the church id and rate the engine would withhold with. */
export const dividendInputsChurchErasure = {
  keys: (recorded: RecordedEvent): DocKey[] => churchErased(recorded).map(key('dividend_inputs')),
  project: (recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] =>
    blank(recorded, current, churchErased(recorded).map(key('dividend_inputs')), () => ({
      churchId: null,
      churchTaxRate: null,
      churchFollowing: null,
    })),
};

/** The events with personal fields a member's dividend input takes (master and church data, an order's spouse): kept
 * blanked once the member is erased (keptErased). */
export const INPUT_PERSONAL_TYPES: ReadonlySet<string> = new Set([
  'MemberDataChanged',
  'ChurchDataRecorded',
  'ExemptionOrderRecorded',
  'ExemptionOrderCorrected',
]);
