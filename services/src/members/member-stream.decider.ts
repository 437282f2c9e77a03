import type { Decider, MemberEvent } from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { shareLedgerDecider, type LedgerCommand } from '../share-ledger/index.js';
import { memberMasterDecider, type MasterDataCommand } from './domain/member-master.decider.js';

export type MemberCommand = MasterDataCommand | LedgerCommand;

/**
 * The member stream's whole life in one decider, for tools that play it through (the demo data): master data commands
 * go to `memberMasterDecider`, the share account's to `shareLedgerDecider`, both on the full state.
 */
export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide: (command, state) =>
    command.type === 'AdmitMember' || command.type === 'ChangeMemberData' ? memberMasterDecider.decide(command, state) : shareLedgerDecider.decide(command, state),
};
