import { describe, expect, it } from '@jest/globals';
import { InstalmentPlanWrite, PaymentTermsWrite, SharePaymentWrite } from '@coop/contracts';
import { refusal } from '../../platform/testing/request-pipe.js';

/**
 * The share payments' request classes (contracts) through the API's pipe: an amount that is no whole number of cents
 * is answered as such, not with the upper limit ("Darf höchstens 1.000.000.000,00 € betragen" for `abc`), since of
 * the rules of one field that fail, the first one written answers.
 */

const payment = { date: '2026-03-02', method: 'transfer' };

describe('the amount of a share payment or an instalment', () => {
  it.each(['abc', '300,0050', 12.5])('a payment of %p is no number, not above the limit', async (amount) => {
    expect((await refusal(SharePaymentWrite, { ...payment, amount })).map((e) => [e.field, e.template])).toEqual([
      ['amount', 'invalidNumber'],
    ]);
  });

  it('an instalment of text is no number, not above the limit', async () => {
    const instalments = [{ dueDate: '2026-03-02', amount: 'abc' }];
    expect((await refusal(InstalmentPlanWrite, { instalments })).map((e) => [e.field, e.template])).toEqual([
      ['instalments.0.amount', 'invalidNumber'],
    ]);
  });

  // A probe: a plan that is no list answered 500 (the nested rule named no template); it is refused as a wrong choice.
  it.each(['x', null, 5, true])('a plan of %p is refused as no list', async (instalments) => {
    expect((await refusal(InstalmentPlanWrite, { instalments })).map((e) => [e.field, e.template])).toEqual([
      ['instalments', 'invalidChoice'],
    ]);
  });

  it('a plan of one object instead of a list is refused at the plan', async () => {
    const refused = await refusal(InstalmentPlanWrite, { instalments: { dueDate: '2026-03-02', amount: 100 } });
    expect(refused.map((e) => e.field)).toEqual(['instalments']);
  });

  it.each([
    [0, 'amountAtLeast'],
    [100_000_000_001, 'amountAtMost'],
  ])('a payment of %p cents is refused by its bound (%s)', async (amount, template) => {
    expect((await refusal(SharePaymentWrite, { ...payment, amount })).map((e) => [e.field, e.template])).toEqual([
      ['amount', template],
    ]);
  });
});

// A probe: a list, an object or a boolean where text belongs was read as empty: the payment recorded without its
// reference, the payment terms saved without their creditor identifier. They are refused by the field's rule.
describe('a value that is no text where text belongs', () => {
  it.each([[[]], [{}], [true]])('a reference or balance id of %p is refused', async (value) => {
    for (const field of ['reference', 'balanceId']) {
      const body = { ...payment, amount: 100, [field]: value };
      expect((await refusal(SharePaymentWrite, body)).map((e) => [e.field, e.template])).toEqual([
        [field, 'invalidChoice'],
      ]);
    }
  });

  it('a creditor identifier of {} is refused, not cleared', async () => {
    const terms = {
      instalments: { allowed: false, maxCount: 1, maxMonths: 1 },
      reminderAfterDays: 14,
      creditDividendUntilPaid: false,
    };
    expect(
      (await refusal(PaymentTermsWrite, { ...terms, creditorId: {} })).map((e) => [e.field, e.template]),
    ).toContainEqual(['creditorId', 'invalidCreditorId']);
    expect(
      (await refusal(PaymentTermsWrite, { ...terms, creditorId: null })).filter((e) => e.field === 'creditorId'),
    ).toEqual([]);
  });
});
