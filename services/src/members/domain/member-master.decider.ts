import {
  joinedOn,
  memberFieldError,
  ValidationError,
  type Decider,
  type FieldError,
  type MemberDataChanged,
  type MemberEvent,
  type MemberMasterData,
} from '@coop/contracts';
import { openYearErrors, type ClosedThrough } from '../../kernel/closed-years.js';
import { evolveMemberStream, initialMemberState, requireMember, type MemberState } from '../../kernel/member-stream.js';
import { amountFor, amountLimitErrors, shareCostErrors, type ShareTerms } from '../../kernel/share-terms.js';
import { paidErrors } from '../../kernel/subscription-paid.js';
import { requirePlausibleAdmission, requirePlausibleChange, type Plausibility } from './plausibility.js';

export type AdmitMember = {
  readonly type: 'AdmitMember';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** Already claimed on its number streams by the handler (member-number.decider.ts). */
  readonly memberNr: number;
  /** Checked and normalised at the edge (the request class MemberAdmission of contracts). */
  readonly master: MemberMasterData;
  /** Shares of the initial subscription (posting type 0, balance `balanceId`): a whole number of at least 1. */
  readonly shareAmount: number;
  /** The initial subscription paid in part (issue 45): the cents paid with it, 0..amount; absent or null: in full. */
  readonly paid?: number | null;
  readonly balanceId: string;
  readonly terms: ShareTerms;
  /** The warnings on the dates and their confirmation (members/domain/plausibility.ts); left out: not checked. */
  readonly plausibility?: Plausibility;
  /**
   * The latest year whose dividend is closing or closed (issue 23, kernel/closed-years.ts): the initial subscription
   * (posting 0) dated or bearing dividend in or before it is refused (`closedYear`). Left out: none closed.
   */
  readonly closedThrough?: ClosedThrough;
};

export type ChangeMemberData = {
  readonly type: 'ChangeMemberData';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** The whole record, checked and normalised at the edge (MemberMasterChange); what differs from the state is recorded. The member is not its own spouse. */
  readonly master: MemberMasterData;
  /** The warnings the change brings and their confirmation (members/domain/plausibility.ts); left out: not checked. */
  readonly plausibility?: Plausibility;
};

export type MasterDataCommand = AdmitMember | ChangeMemberData;

/**
 * Member master data: admission (with the initial subscription, posting type 0) and changes of master data, decided
 * on the member stream's whole state with its personal data opened.
 */
export const memberMasterDecider: Decider<MasterDataCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide(command, state) {
    switch (command.type) {
      case 'AdmitMember':
        return admit(command, state);
      case 'ChangeMemberData':
        return changeData(command, state);
    }
  },
};

/**
 * The rules of the initial subscription that need the cooperative's terms: at least the minimum holding (when the
 * share amount is a valid number at all), and a share price set. The handler reports them with the request's shape
 * errors too, so a clerk sees every error of the form at once.
 */
export function subscriptionErrors(shareAmount: number | null, terms: ShareTerms): FieldError[] {
  const errors: FieldError[] = [];
  if (shareAmount !== null && shareAmount < terms.minimumShares)
    errors.push(memberFieldError('shareAmount', 'mustBeAtLeast', String(terms.minimumShares)));
  if (shareAmount !== null) errors.push(...amountLimitErrors('shareAmount', shareAmount, terms.shareCost, 0));
  return [...errors, ...shareCostErrors(terms)];
}

/**
 * The rules of master data across fields (the request class checked each field): a legal entity is addressed as a firm
 * (`company`, "Sehr geehrte Damen und Herren"), a natural person by one of the person salutations; the member is not
 * its own spouse.
 */
export function masterDataErrors(memberId: string, master: MemberMasterData): FieldError[] {
  const errors: FieldError[] = [];
  const legalEntity = master.legalForm === 1;
  if ((master.postalSalutation === 'company') !== legalEntity)
    errors.push(memberFieldError('postalSalutation', 'postalSalutationDoesNotFitLegalForm', master.postalSalutation));
  if (master.spouse !== null && master.spouse === memberId)
    errors.push(memberFieldError('spouse', 'invalidChoice', master.spouse));
  return errors;
}

/**
 * A spouse who is a member has one tax id, its own record's (issue 39, issue 43 "One tax id per person"): the spouse
 * data's `spouseTaxId` is not kept beside the link, so no second copy can differ from it.
 */
export function withoutSpouseTaxIdCopy(master: MemberMasterData): MemberMasterData {
  return master.spouse !== null && master.spouseTaxId !== null ? { ...master, spouseTaxId: null } : master;
}

function admit(command: AdmitMember, state: MemberState): MemberEvent[] {
  if (state.exists) throw new ValidationError([memberFieldError(null, 'invalidChoice', command.memberId)]);
  const errors = [
    ...masterDataErrors(command.memberId, command.master),
    ...subscriptionErrors(command.shareAmount, command.terms),
  ];
  // The initial subscription is dated on the entry date and bears dividend from the interest begin.
  errors.push(
    ...openYearErrors(command.closedThrough ?? null, [
      ['entryDate', command.master.entryDate],
      ['interestBegin', command.master.interestBegin],
    ]),
  );
  errors.push(...paidErrors(command.paid, amountFor(0, command.shareAmount, command.terms.shareCost)));
  if (errors.length > 0) throw new ValidationError(errors);
  requirePlausibleAdmission(command.master, command.plausibility);
  const master = withoutSpouseTaxIdCopy(command.master);
  const { memberId, cooperativeId, memberNr, balanceId, terms } = command;
  const quantity = command.shareAmount;
  return [
    { type: 'MemberAdmitted', data: { memberId, cooperativeId, memberNr, ...master } },
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId,
        type: 0,
        quantity,
        amount: amountFor(0, quantity, terms.shareCost),
        shareCost: terms.shareCost,
        // The subscription counts from the entry date; approval date and interest begin are the member's.
        date: master.entryDate,
        approvalDate: master.approvalDate!,
        interestBegin: master.interestBegin!,
        ...(command.paid === null || command.paid === undefined ? {} : { paid: command.paid }),
      },
    },
  ];
}

function changeData(command: ChangeMemberData, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const master = withoutSpouseTaxIdCopy(command.master);
  const errors = masterDataErrors(command.memberId, master);
  if (errors.length > 0) throw new ValidationError(errors);
  const before = state.master!;
  requireAdmissionBeforeEnd(state, before, master);
  requirePlausibleChange(before, master, command.plausibility);
  const changes: Record<string, unknown> = {};
  // A field an older event did not carry (spouseTaxId) reads as null: leaving it empty is no change.
  for (const key of Object.keys(master) as (keyof MemberMasterData)[]) {
    if (master[key] !== (before[key] ?? null)) changes[key] = master[key];
  }
  if (Object.keys(changes).length === 0) return [];
  const data = { memberId: command.memberId, ...changes } as MemberDataChanged['data'];
  return [{ type: 'MemberDataChanged', data }];
}

/**
 * The first day an end stands on the member: the notice (or decision, or death) of its whole end, else the end's date,
 * and each standing partial termination's notice. Null: no end recorded.
 */
export function firstEndDay(state: MemberState): string | null {
  const days: string[] = [];
  if (state.exitDate !== null) days.push(state.exitNoticeDate ?? state.exitDate);
  for (const p of state.postings.values()) {
    if (p.annulated || ![2, 6, 7, 8].includes(p.type)) continue;
    days.push(p.type === 2 ? (p.noticeDate ?? p.date) : (state.exitNoticeDate ?? p.date));
  }
  return days.length === 0 ? null : days.reduce((a, b) => (b < a ? b : a));
}

/**
 * A change that moves the day the membership began (§ 15 GenG: the later of declaration and admission) after an end
 * recorded for the member is refused, naming the end's first day (decision 368): the member would have left, died or
 * given notice before being one, and the movement report would count a joining after the leaving.
 */
function requireAdmissionBeforeEnd(state: MemberState, before: MemberMasterData, master: MemberMasterData): void {
  const joined = joinedOn(master.entryDate, master.approvalDate);
  if (joined === null || joined === joinedOn(before.entryDate, before.approvalDate)) return;
  const end = firstEndDay(state);
  if (end === null || joined <= end) return;
  const field = master.approvalDate !== null && master.approvalDate > master.entryDate ? 'approvalDate' : 'entryDate';
  throw new ValidationError([memberFieldError(field, 'admissionAfterEnd', end)]);
}
