import {
  MemberAdmission,
  MemberMasterChange,
  PostingRequest,
  type Decider,
  type MemberEvent,
  type MemberMasterData,
} from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { readRequest } from '../platform/http/validation.pipe.js';
import { shareLedgerDecider, type LedgerCommand } from '../share-ledger/index.js';
import { memberMasterDecider, type AdmitMember, type ChangeMemberData } from './domain/member-master.decider.js';
import { masterOf } from './http/member-master.js';

/** Master data as a request carries it: every field unchecked (read with the request classes' rules). */
export type MemberMasterInput = { readonly [K in keyof MemberMasterData]?: unknown };

/** An admission as a request carries it: master data unchecked. */
export type AdmitMemberRequest = Omit<AdmitMember, 'master'> & { readonly master: MemberMasterInput };

/** A change of master data as a request carries it. */
export type ChangeMemberDataRequest = Omit<ChangeMemberData, 'master'> & { readonly master: MemberMasterInput };

export type MemberCommand = AdmitMemberRequest | ChangeMemberDataRequest | LedgerCommand;

/**
 * Reads `body` into the request class `type` with its rules, as the API's validation pipe does (`readRequest`: the
 * class's rules gathered once and asked first, class-validator's `validateSync` only for a body that breaks one, whose
 * errors it throws). An import replays a register's every admission through here: `validateSync` on each cost 21.7 of
 * a 62 s replay of 100,000 members (docs/performance.md §16, §25; decision 249).
 */
const checked = readRequest;

/**
 * The member stream's whole life in one decider, for tools that play it through as the API would (the demo data):
 * master data is read with the API's request classes (MemberAdmission, MemberMasterChange; refused as the API
 * refuses it, on the business day of the clock) and decided by `memberMasterDecider`, the share account's commands
 * by `shareLedgerDecider` (an annulation's dates read with PostingRequest first), both on the full state.
 */
export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide(command, state) {
    if (command.type === 'AdmitMember') {
      const body = checked(MemberAdmission, { ...command.master, shareAmount: command.shareAmount });
      return memberMasterDecider.decide({ ...command, master: masterOf(body) }, state);
    }
    if (command.type === 'ChangeMemberData')
      return memberMasterDecider.decide(
        { ...command, master: masterOf(checked(MemberMasterChange, command.master)) },
        state,
      );
    if (command.type === 'AnnulPosting' || command.type === 'AnnulTransferCounterpart')
      return shareLedgerDecider.decide(withAnnulationDates(command), state);
    return shareLedgerDecider.decide(command, state);
  },
};

/**
 * An annulation's dates read as the API reads them (PostingRequest, type 5: trimmed, each optional, a real date in the
 * business range when given; decision 242): the ledger's decider no longer checks their shape.
 */
function withAnnulationDates<C extends Extract<LedgerCommand, { type: 'AnnulPosting' | 'AnnulTransferCounterpart' }>>(
  command: C,
): C {
  const read = checked(PostingRequest, {
    type: 5,
    annulPeer: command.annulPeer,
    date: command.date,
    approvalDate: command.approvalDate,
    interestBegin: command.interestBegin,
  });
  return {
    ...command,
    date: read.date || undefined,
    approvalDate: read.approvalDate || undefined,
    interestBegin: read.interestBegin || undefined,
  };
}
