import type { Decider, MemberEvent } from '@coop/contracts';
import { evolveShareAccount, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import { annul, annulCounterpart } from './annulation.rules.js';
import { requireOpenYearsFor } from './closed-years.rules.js';
import type { CorrectSharePayment, LedgerCommand } from './ledger.commands.js';
import { postShares } from './post-shares.rules.js';
import { correctSharePayment } from './share-correction.rules.js';
import { transferIn, transferOut } from './transfer.rules.js';

// The commands (ledger.commands.ts) and the annulation's counterpart are the decider's surface: its callers import them here.
export type {
  AnnulPosting,
  AnnulTransferCounterpart,
  CorrectSharePayment,
  InOpenYears,
  LedgerCommand,
  PostShares,
  TransferIn,
  TransferOut,
} from './ledger.commands.js';
export { transferCounterpartToAnnul } from './annulation.rules.js';
export { movedPaid } from './transfer-out.js';

/**
 * The member's share account: postings (1-8), transfers, annulations and share register corrections, decided on the
 * member stream folded without its master data (evolveShareAccount). The posting commands never read master data.
 */
export const shareLedgerDecider: Decider<LedgerCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveShareAccount,
  decide(command, state) {
    if (command.type === 'CorrectSharePayment') return correctSharePayment(command, state);
    const events = decidePosting(command, state);
    // What would be recorded, checked against the closed years: one rule for every posting path.
    requireOpenYearsFor(command, state, events);
    return events;
  },
};

function decidePosting(command: Exclude<LedgerCommand, CorrectSharePayment>, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'PostShares':
      return postShares(command, state);
    case 'TransferOut':
      return transferOut(command, state);
    case 'TransferIn':
      return transferIn(command, state);
    case 'AnnulPosting':
      return annul(command, state);
    case 'AnnulTransferCounterpart':
      return annulCounterpart(command, state);
  }
}
