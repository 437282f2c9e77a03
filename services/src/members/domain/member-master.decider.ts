import { memberFieldError, ValidationError, type Decider, type MemberDataChanged, type MemberEvent, type MemberMasterData } from '@coop/contracts';
import { evolveMemberStream, initialMemberState, requireMember, type MemberState } from '../../kernel/member-stream.js';
import { amountFor, isWholeAtLeastOne, shareCostErrors, type ShareTerms } from '../../kernel/share-terms.js';
import { readMaster, type MemberMasterInput } from './member-master.input.js';

export type AdmitMember = {
  readonly type: 'AdmitMember';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** Already claimed on its number streams by the handler (member-number.decider.ts). */
  readonly memberNr: number;
  readonly master: MemberMasterInput;
  /** Shares of the initial subscription (posting type 0, balance `balanceId`). */
  readonly shareAmount: number | null | undefined;
  readonly balanceId: string;
  readonly terms: ShareTerms;
  readonly today: string;
};

export type ChangeMemberData = {
  readonly type: 'ChangeMemberData';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly master: MemberMasterInput;
  readonly today: string;
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

function admit(command: AdmitMember, state: MemberState): MemberEvent[] {
  if (state.exists) throw new ValidationError([memberFieldError(null, 'invalidChoice', command.memberId)]);
  const { master, errors } = readMaster(command.master, { memberId: command.memberId, today: command.today, isNew: true });
  const shareCostError = shareCostErrors(command.terms);
  const shareAmount = command.shareAmount;
  if (shareAmount === null || shareAmount === undefined) errors.push(memberFieldError('shareAmount', 'mustNotBeEmpty'));
  else if (!isWholeAtLeastOne(shareAmount)) errors.push(memberFieldError('shareAmount', 'invalidNumber'));
  else if (shareAmount < command.terms.minimumShares) {
    errors.push(memberFieldError('shareAmount', 'mustBeAtLeast', String(command.terms.minimumShares)));
  }
  errors.push(...shareCostError);
  if (errors.length > 0) throw new ValidationError(errors);
  const { memberId, cooperativeId, memberNr, balanceId, terms } = command;
  const quantity = shareAmount!;
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
      },
    },
  ];
}

function changeData(command: ChangeMemberData, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const { master, errors } = readMaster(command.master, { memberId: command.memberId, today: command.today, isNew: false });
  if (errors.length > 0) throw new ValidationError(errors);
  const before = state.master!;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(master) as (keyof MemberMasterData)[]) {
    if (master[key] !== before[key]) changes[key] = master[key];
  }
  if (Object.keys(changes).length === 0) return [];
  const data = { memberId: command.memberId, ...changes } as MemberDataChanged['data'];
  return [{ type: 'MemberDataChanged', data }];
}

