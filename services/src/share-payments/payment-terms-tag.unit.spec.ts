import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PAYMENT_TERMS, type PaymentTermsSet } from '@coop/contracts';
import { readPaymentTerms } from '@coop/projections/share-payments';
import { paymentTermsDecider } from './domain/payment-terms.decider.js';
import { paymentTermsTag, paymentTermsTagOfState } from './payment-terms-tag.js';
import { paymentTermsOf } from './queries/payment-terms.query.js';

/*
 * The tag of `PUT /cooperative/payment-terms` (terms-church-edit-lost-update.e2e): the one the handler computes from the
 * stream it decides on equals the one answered from the read model, so a form just read is never refused; every field
 * the PUT writes moves it.
 */
const COOP = 'coop-1';

describe('the payment terms’ tag', () => {
  const set = (terms: Omit<PaymentTermsSet['data'], 'cooperativeId'>): PaymentTermsSet => ({
    type: 'PaymentTermsSet',
    data: { cooperativeId: COOP, ...terms },
  });
  const state = (events: PaymentTermsSet[]) =>
    events.reduce(paymentTermsDecider.evolve, paymentTermsDecider.initialState());

  it('agrees between stream and read model: never set (the defaults), and set', () => {
    expect(paymentTermsTagOfState(COOP, state([]))).toBe(paymentTermsTag(paymentTermsOf(undefined)));
    const terms = { ...DEFAULT_PAYMENT_TERMS, creditorId: 'DE98ZZZ09999999999', reminderAfterDays: 21 };
    const doc = readPaymentTerms({ ...set(terms).data, id: COOP, cooperativeId: COOP, position: '3' });
    expect(paymentTermsTagOfState(COOP, state([set(terms)]))).toBe(paymentTermsTag(paymentTermsOf(doc)));
    // Set to the defaults is the same terms as never set: a form read of either saves.
    expect(paymentTermsTagOfState(COOP, state([set(DEFAULT_PAYMENT_TERMS)]))).toBe(
      paymentTermsTag(DEFAULT_PAYMENT_TERMS),
    );
  });

  it('moves with every field the PUT writes', () => {
    const d = DEFAULT_PAYMENT_TERMS;
    const i = d.instalments;
    const tags = [
      d,
      { ...d, instalments: { ...i, allowed: true } },
      { ...d, instalments: { ...i, maxCount: 2 } },
      { ...d, instalments: { ...i, rhythmMonths: 2 } },
      { ...d, instalments: { ...i, minFirstPerShare: 1 } },
      { ...d, reminderAfterDays: 15 },
      { ...d, creditDividendUntilPaid: false },
      { ...d, creditorId: 'DE98ZZZ09999999999' },
    ].map(paymentTermsTag);
    expect(new Set(tags).size).toBe(tags.length);
  });
});
