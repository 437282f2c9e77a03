import { ValidationError, type Decider, type MemberEvent } from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { shareLedgerDecider, type LedgerCommand } from '../share-ledger/index.js';
import { memberMasterDecider, type AdmitMember, type ChangeMemberData } from './domain/member-master.decider.js';
import { readMaster, type MemberMasterInput } from './http/member-master.input.js';

/** An admission as a request carries it: master data unchecked, read with the edge's rules on `today`. */
export type AdmitMemberRequest = Omit<AdmitMember, 'master' | 'shareAmount'> & {
  readonly master: MemberMasterInput;
  readonly shareAmount: number;
  readonly today: string;
};

/** A change of master data as a request carries it. */
export type ChangeMemberDataRequest = Omit<ChangeMemberData, 'master'> & { readonly master: MemberMasterInput; readonly today: string };

export type MemberCommand = AdmitMemberRequest | ChangeMemberDataRequest | LedgerCommand;

/**
 * The member stream's whole life in one decider, for tools that play it through as the API would (the demo data):
 * master data is read with the HTTP edge's rules (refused as the API refuses it) and decided by `memberMasterDecider`,
 * the share account's commands by `shareLedgerDecider`, both on the full state.
 */
export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide(command, state) {
    if (command.type !== 'AdmitMember' && command.type !== 'ChangeMemberData') return shareLedgerDecider.decide(command, state);
    const { today, master: input, ...rest } = command;
    const isNew = command.type === 'AdmitMember';
    const { master, errors } = readMaster(input, { memberId: isNew ? null : command.memberId, today, isNew });
    if (errors.length > 0) throw new ValidationError(errors);
    return memberMasterDecider.decide(rest.type === 'AdmitMember' ? { ...rest, master } : { ...rest, master }, state);
  },
};
