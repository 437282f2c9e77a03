import { fieldError, ValidationError, type Decider, type MandateReferenceClaimed } from '@coop/contracts';

/*
 * A mandate reference of a cooperative (`mandate-reference-<cooperativeId>-<key>`, contracts direct-debit-events.ts):
 * claimed once, by the first mandate that names it; never released, so a revoked mandate's reference is not given to
 * another debtor (SEPA: the mandate id identifies one mandate of the creditor for good).
 */

export type MandateReferenceState = { readonly claimedBy: string | null };
export type ClaimMandateReference = {
  readonly type: 'ClaimMandateReference';
  readonly cooperativeId: string;
  readonly reference: string;
  readonly memberId: string;
  readonly mandateId: string;
};

export const mandateReferenceDecider: Decider<ClaimMandateReference, MandateReferenceClaimed, MandateReferenceState> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (state, event) => (event.type === 'MandateReferenceClaimed' ? { claimedBy: event.data.mandateId } : state),
  decide(command, state) {
    if (state.claimedBy !== null)
      throw new ValidationError([fieldError('reference', 'mandateReferenceTaken', command.reference)]);
    const { cooperativeId, reference, memberId, mandateId } = command;
    return [{ type: 'MandateReferenceClaimed', data: { cooperativeId, reference, memberId, mandateId } }];
  },
};
