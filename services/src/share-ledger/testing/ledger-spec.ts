import { expect } from '@jest/globals';
import { ValidationError, type FieldError, type MemberEvent } from '@coop/contracts';
import { evolveMemberStream } from '../../kernel/member-stream.js';
import { COOP, M, M2, ON, terms } from '../../kernel/testing/member-events.js';
import { deciderSpec, type DeciderSpec } from '../../platform/testing/decider-spec.js';
import { shareLedgerDecider, type LedgerCommand, type PostShares } from '../domain/ledger.decider.js';

/**
 * The ledger decider's spec, run twice: on the share account as the write path folds it (evolveShareAccount, no
 * master data) and on the member stream's whole state (evolveMemberStream, as the demo and the history fold it). Both
 * must come out the same: the same events, or the same error. The posting commands never read master data.
 */
function withWholeState(
  ledger: DeciderSpec<LedgerCommand, MemberEvent>,
  whole: DeciderSpec<LedgerCommand, MemberEvent>,
): DeciderSpec<LedgerCommand, MemberEvent> {
  return {
    given(events) {
      return {
        when(command) {
          const outcomes = [ledger.given(events).when(command), whole.given(events).when(command)];
          return {
            then(expected) {
              for (const o of outcomes) o.then(expected);
            },
            thenThrows(errorClass, check) {
              const [first, ...others] = outcomes.map((o) => o.thenThrows(errorClass, check));
              for (const other of others) expect(other).toEqual(first);
              return first!;
            },
          };
        },
      };
    },
  };
}

export const spec = withWholeState(
  deciderSpec(shareLedgerDecider),
  deciderSpec({ ...shareLedgerDecider, evolve: evolveMemberStream }),
);

export const post = (
  postingType: PostShares['postingType'],
  quantity: number | null,
  fields: Partial<PostShares> = {},
): LedgerCommand => ({
  type: 'PostShares',
  memberId: 'm-1',
  cooperativeId: COOP,
  balanceId: 'b-new',
  postingType,
  quantity,
  terms,
  ...ON,
  ...fields,
});

export const refuses = (given: readonly MemberEvent[], command: LedgerCommand, errors: FieldError[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

/** The giving half of a transfer of 1 share from M to M2 on ON's dates (`b-out`, its peer `b-in`), with `fields` over it. */
export const transferOut = (fields: Record<string, unknown> = {}): LedgerCommand =>
  ({
    type: 'TransferOut',
    memberId: M,
    cooperativeId: COOP,
    balanceId: 'b-out',
    peerBalanceId: 'b-in',
    transferTo: M2,
    quantity: 1,
    terms,
    ...ON,
    ...fields,
  }) as LedgerCommand;

/** The receiving half of the same transfer, on M2. */
export const transferIn = (fields: Record<string, unknown> = {}): LedgerCommand =>
  ({
    type: 'TransferIn',
    memberId: M2,
    cooperativeId: COOP,
    balanceId: 'b-in',
    peerBalanceId: 'b-out',
    transferFrom: M,
    quantity: 1,
    terms,
    ...ON,
    ...fields,
  }) as LedgerCommand;
