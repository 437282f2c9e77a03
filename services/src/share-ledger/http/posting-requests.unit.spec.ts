import { describe, expect, it } from '@jest/globals';
import { PostingRequest, ShareCorrection, type FieldError } from '@coop/contracts';
import { err, M, M2, ON } from '../../kernel/testing/member-events.js';
import { readRequest, refusal } from '../../platform/testing/request-pipe.js';
import { postingOf } from './posting.js';

/** The share ledger's request classes (contracts) through the API's pipe: the shape of a posting by its type. */

const req = { member: M, quantity: 1, ...ON };
const refused = (value: object): Promise<readonly FieldError[]> => refusal(PostingRequest, value);
const posting = async (value: object) => postingOf(await readRequest(PostingRequest, value));

describe('PostingRequest (SPEC section 5 "Balance")', () => {
  it('accepts a complete request', async () => expect(await posting({ ...req, type: 1 })).toEqual({ type: 1, ...req }));
  it.each([null, undefined, ''])('requires the type (%p), and answers it alone', async (type) => {
    expect(await refused({ type })).toEqual([err('type', 'mustNotBeEmpty')]);
  });
  it.each([0, 4, 9, -1, 1.5, 'x'])(
    'refuses type %p alone (0 comes with the admission, 4 with a transfer)',
    async (type) => {
      expect(await refused({ member: ' ', type })).toEqual([
        err('type', 'invalidChoice', type === 'x' ? 'NaN' : String(type)),
      ]);
    },
  );
  it('reads the type sent as digits', async () =>
    expect(await posting({ ...req, type: ' 2 ' })).toMatchObject({ type: 2 }));
  it("requires member, date and approval date for types other than 5 (an empty interest begin follows the cooperative's rule)", async () => {
    expect(await refused({ member: '', type: 2, quantity: 1 })).toEqual([
      err('member', 'mustNotBeEmpty'),
      err('date', 'mustNotBeEmpty'),
      err('approvalDate', 'mustNotBeEmpty'),
    ]);
  });
  it('reads an empty interest begin as null, and confirmWarnings as false unless sent true', async () => {
    expect(await posting({ ...req, type: 1, interestBegin: '' })).toMatchObject({ interestBegin: null });
    expect(await posting({ ...req, type: 1 })).not.toHaveProperty('confirmWarnings');
    expect(await posting({ ...req, type: 1, confirmWarnings: 'true' })).toMatchObject({ confirmWarnings: true });
  });
  it('refuses a confirmWarnings that is no boolean (invalidChoice)', async () => {
    expect(await refused({ ...req, type: 1, confirmWarnings: 'yes' })).toEqual([
      err('confirmWarnings', 'invalidChoice', 'yes'),
    ]);
  });
  it('an annulation (5): its dates optional, each trimmed and a real date in the business range when given (decision 242)', async () => {
    expect(await posting({ type: 5, annulPeer: 'b1' })).toEqual({ type: 5, annulPeer: 'b1' });
    expect(
      await posting({ type: 5, annulPeer: 'b1', date: ' 2025-06-11 ', approvalDate: '', interestBegin: ' 2025-07-01' }),
    ).toEqual({ type: 5, annulPeer: 'b1', date: '2025-06-11', interestBegin: '2025-07-01' });
    expect(
      await refused({
        type: 5,
        annulPeer: 'b1',
        date: '11.06.2025',
        approvalDate: '2025-02-30',
        interestBegin: '1800-01-01',
      }),
    ).toEqual([
      err('date', 'invalidDate', '11.06.2025'),
      err('approvalDate', 'invalidDate', '2025-02-30'),
      err('interestBegin', 'dateOutOfRange', '1900-01-01', '2199-12-31'),
    ]);
    expect(await refused({ type: 5, annulPeer: 'b1', date: '2'.repeat(21) })).toEqual([err('date', 'tooLong', '20')]);
  });
  it.each([0, -1, 1.5, 'drei'])('refuses the quantity %p with invalidNumber', async (quantity) => {
    expect(await refused({ ...req, type: 1, quantity })).toEqual([err('quantity', 'invalidNumber')]);
  });
  it('requires the quantity of additional shares and withdrawals', async () => {
    expect(await refused({ ...req, type: 2, quantity: null })).toEqual([err('quantity', 'mustNotBeEmpty')]);
  });
  it('refuses a date that is not YYYY-MM-DD (invalidDate)', async () => {
    expect(await refused({ ...req, type: 1, date: '10.06.2025' })).toEqual([err('date', 'invalidDate', '10.06.2025')]);
    expect(await refused({ ...req, type: 1, interestBegin: '2025-02-30' })).toEqual([
      err('interestBegin', 'invalidDate', '2025-02-30'),
    ]);
  });
  it.each([3, 6, 7, 8])('requires the three dates for type %i too', async (type) => {
    expect(await refused({ ...req, type, approvalDate: '', transferTo: type === 3 ? M2 : null })).toEqual([
      err('approvalDate', 'mustNotBeEmpty'),
    ]);
  });
  it.each([1, 2, 3])('requires a whole quantity of at least 1 for type %i', async (type) => {
    expect(await refused({ ...req, type, quantity: 0, transferTo: type === 3 ? M2 : null })).toEqual([
      err('quantity', 'invalidNumber'),
    ]);
  });
  it('requires transferTo for a transfer (selectTarget)', async () => {
    expect(await refused({ ...req, type: 3 })).toEqual([err('transferTo', 'selectTarget')]);
    expect(await refused({ ...req, type: 3, transferTo: '  ' })).toEqual([err('transferTo', 'selectTarget')]);
  });
  it('refuses a transfer to the member itself', async () => {
    expect(await refused({ ...req, type: 3, transferTo: ` ${M} ` })).toEqual([
      err('transferTo', 'canNotTransferToSelf'),
    ]);
  });
  it.each([1, 2, 5, 6, 7, 8])('refuses transferTo for type %i (mustBeEmpty)', async (type) => {
    expect(await refused({ ...req, type, transferTo: M2, annulPeer: type === 5 ? 'b1' : null })).toEqual([
      err('transferTo', 'mustBeEmpty'),
    ]);
  });
  it('requires annulPeer for 5 and nothing else', async () => {
    expect(await refused({ member: null, type: 5, annulPeer: null })).toEqual([err('annulPeer', 'mustNotBeEmpty')]);
    expect(await posting({ member: null, type: 5, annulPeer: 'b1' })).toEqual({ type: 5, annulPeer: 'b1' });
  });
  it('refuses annulPeer for other types (mustBeEmpty)', async () => {
    expect(await refused({ ...req, type: 1, annulPeer: 'b1' })).toEqual([err('annulPeer', 'mustBeEmpty')]);
  });
  it('answers every shape error of a request at once', async () => {
    expect(await refused({ member: ' ', type: 1, quantity: 0, ...ON })).toEqual([
      err('member', 'mustNotBeEmpty'),
      err('quantity', 'invalidNumber'),
    ]);
  });
  // A body of another shape is refused as a whole (issue 43: a list where an object belongs did nothing and answered 200).
  it('refuses a body that is no object', async () =>
    expect(await refused([1, 2] as unknown as object)).toEqual([
      { field: null, template: 'bodyMustBeObject', parameters: {} },
    ]));
});

describe('postingOf: the typed posting of a checked request', () => {
  it('reads additional shares and withdrawals with their quantity, the member trimmed', async () => {
    expect(await posting({ member: ` ${M} `, type: 2, quantity: '3', ...ON })).toEqual({
      type: 2,
      member: M,
      quantity: 3,
      ...ON,
      notice: { date: ON.date, dispatchDate: null, extraordinaryReason: null },
    });
  });
  it('reads an exit without a quantity: the whole holding goes', async () => {
    const notice = { date: ON.date, dispatchDate: null, extraordinaryReason: null };
    expect(await posting({ member: M, type: 8, quantity: 5, ...ON })).toEqual({ type: 8, member: M, ...ON, notice });
    expect(await posting({ member: M, type: 7, quantity: null, ...ON })).toEqual({ type: 7, member: M, ...ON, notice });
  });
  it('reads the notice of a year-end posting (issue 22): notice and dispatch date, the extraordinary reason', async () => {
    expect(
      await posting({ member: M, type: 7, ...ON, noticeDate: '2026-03-01', dispatchDate: ' 2026-03-05 ' }),
    ).toEqual({
      type: 7,
      member: M,
      ...ON,
      notice: { date: '2026-03-01', dispatchDate: '2026-03-05', extraordinaryReason: null },
    });
    expect(await posting({ member: M, type: 8, ...ON, extraordinaryReason: 'Umzug' })).toMatchObject({
      notice: { date: ON.date, extraordinaryReason: 'Umzug' },
    });
  });
  it('refuses notice fields on types that have none', async () => {
    expect(await refused({ ...req, type: 1, noticeDate: '2026-03-01' })).toEqual([err('noticeDate', 'mustBeEmpty')]);
    expect(await refused({ member: M, type: 8, ...ON, dispatchDate: '2026-03-01' })).toEqual([
      err('dispatchDate', 'mustBeEmpty'),
    ]);
    expect(await refused({ member: M, type: 7, ...ON, extraordinaryReason: 'x' })).toEqual([
      err('extraordinaryReason', 'mustBeEmpty'),
    ]);
    expect(await refused({ member: M, type: 8, ...ON, noticeDate: '2026-02-30' })).toEqual([
      err('noticeDate', 'invalidDate', '2026-02-30'),
    ]);
  });
  it('reads a transfer with its target trimmed', async () => {
    expect(await posting({ member: M, type: 3, quantity: 1, transferTo: ` ${M2} `, ...ON })).toEqual({
      type: 3,
      member: M,
      quantity: 1,
      transferTo: M2,
      ...ON,
    });
  });
  it('reads an annulation with the dates given, none required, none checked here', async () => {
    expect(await posting({ member: null, type: 5, annulPeer: ' b1 ', date: '2025-06-12', approvalDate: '' })).toEqual({
      type: 5,
      annulPeer: 'b1',
      date: '2025-06-12',
    });
  });
  it('drops fields no posting has', async () => {
    expect(await readRequest(PostingRequest, { ...req, type: 1, amount: 5, cooperative: 'other' })).not.toHaveProperty(
      'amount',
    );
  });
});

describe('ShareCorrection (PUT /shares/{id})', () => {
  it('reads the payment as cents, digits too, and an empty interest end as none', async () => {
    expect(await readRequest(ShareCorrection, { rueckpfleinzahlung: '25000', interestEnd: ' ' })).toEqual(
      Object.assign(new ShareCorrection(), { rueckpfleinzahlung: 25_000, interestEnd: null }),
    );
    expect(await readRequest(ShareCorrection, { rueckpfleinzahlung: 0, interestEnd: '2030-12-31' })).toMatchObject({
      rueckpfleinzahlung: 0,
      interestEnd: '2030-12-31',
    });
  });
  it.each([
    [{}, [err('rueckpfleinzahlung', 'mustNotBeEmpty')]],
    [{ rueckpfleinzahlung: '' }, [err('rueckpfleinzahlung', 'mustNotBeEmpty')]],
    [{ rueckpfleinzahlung: 12.5 }, [err('rueckpfleinzahlung', 'invalidNumber')]],
    [{ rueckpfleinzahlung: 'viel' }, [err('rueckpfleinzahlung', 'invalidNumber')]],
    [{ rueckpfleinzahlung: 100, interestEnd: '31.12.2030' }, [err('interestEnd', 'invalidDate', '31.12.2030')]],
  ])('refuses %j', async (body, errors) => {
    expect(await refusal(ShareCorrection, body)).toEqual(errors);
  });
});
