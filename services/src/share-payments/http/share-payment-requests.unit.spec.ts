import { describe, expect, it } from '@jest/globals';
import { InstalmentPlanWrite, SharePaymentWrite } from '@coop/contracts';
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
