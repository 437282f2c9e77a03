import { describe, expect, it } from '@jest/globals';
import { ExemptionOrderRecord, fieldError, NonAssessmentRecord } from '@coop/contracts';
import { readRequest, refusal } from '../../platform/testing/request-pipe.js';

/** The tax papers' request classes (contracts) through the API's pipe: each field's shape, read as the API always did. */

const order = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  member: 'member-1',
  type: 0,
  joint: false,
  spouse: null,
  amount: 50_000,
  date: '2024-12-20',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  ...overrides,
});

const certificate = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  member: 'member-1',
  type: 100,
  orderNumber: ' 123/456/78901 ',
  date: '2024-12-01',
  taxAuthorities: 'Finanzamt Musterstadt',
  startDate: '2025-01-01',
  endDate: '2027-12-31',
  original: true,
  ...overrides,
});

describe('exemption order request', () => {
  it('reads numeric text, date-times, a padded spouse and an empty end', async () => {
    const body = await readRequest(
      ExemptionOrderRecord,
      order({
        joint: 'true',
        spouse: ' member-2 ',
        type: '1',
        amount: '150000',
        startDate: '2025-01-01T00:00:00.000Z',
        endDate: '',
      }),
    );
    expect(body).toMatchObject({
      type: 1,
      joint: true,
      spouse: 'member-2',
      amount: 150_000,
      startDate: '2025-01-01',
      endDate: null,
    });
  });

  it.each(['  ', '', null])('reads the spouse %p as none', async (spouse) => {
    expect(await readRequest(ExemptionOrderRecord, order({ spouse }))).toMatchObject({ spouse: null });
  });

  it('reports every missing field, the member first', async () => {
    expect(
      await refusal(ExemptionOrderRecord, { type: null, amount: '', date: '', startDate: null, endDate: null }),
    ).toEqual([
      fieldError('member', 'mustNotBeEmpty'),
      fieldError('type', 'mustNotBeEmpty'),
      fieldError('joint', 'mustNotBeEmpty'),
      fieldError('amount', 'mustNotBeEmpty'),
      fieldError('date', 'mustNotBeEmpty'),
      fieldError('startDate', 'startDateMustNotBeEmpty'),
    ]);
  });

  it.each([2, -1, 'x'])('refuses the type %p with invalidChoice', async (type) => {
    expect(await refusal(ExemptionOrderRecord, order({ type }))).toEqual([
      fieldError('type', 'invalidChoice', String(type)),
    ]);
  });

  it.each(['yes', 1])('refuses joint %p with invalidChoice', async (joint) => {
    expect(await refusal(ExemptionOrderRecord, order({ joint }))).toEqual([
      fieldError('joint', 'invalidChoice', String(joint)),
    ]);
  });

  it.each([
    [0, fieldError('amount', 'mustBeGreaterThan', '0')],
    [-100, fieldError('amount', 'mustBeGreaterThan', '0')],
    [12.5, fieldError('amount', 'invalidNumber', '12.5')],
    ['12,50', fieldError('amount', 'invalidNumber', '12,50')],
  ])('refuses the amount %p', async (amount, error) => {
    expect(await refusal(ExemptionOrderRecord, order({ amount }))).toEqual([error]);
  });

  it.each(['2025-02-30', '01.01.2025', 'soon'])('refuses the start date %p with invalidDate', async (startDate) => {
    expect(await refusal(ExemptionOrderRecord, order({ startDate }))).toEqual([
      fieldError('startDate', 'invalidDate', startDate),
    ]);
  });
});

describe('non-assessment request', () => {
  it('trims text and reads numeric text', async () => {
    expect(await readRequest(NonAssessmentRecord, certificate({ type: '-1' }))).toMatchObject({
      type: -1,
      orderNumber: '123/456/78901',
    });
  });

  it.each([1, 50, 'full'])('refuses the type %p with invalidChoice', async (type) => {
    expect(await refusal(NonAssessmentRecord, certificate({ type }))).toEqual([
      fieldError('type', 'invalidChoice', String(type)),
    ]);
  });

  it.each([
    [false, null],
    [null, null],
    [undefined, null],
    ['true', true],
    [1, true],
  ] as const)('reads original %p as %p', async (original, stored) => {
    expect(await readRequest(NonAssessmentRecord, certificate({ original }))).toMatchObject({ original: stored });
  });

  it('refuses an original that is no boolean', async () => {
    expect(await refusal(NonAssessmentRecord, certificate({ original: 'maybe' }))).toEqual([
      fieldError('original', 'invalidChoice', 'maybe'),
    ]);
  });

  it('reports every missing field: start date must not be empty, end date must not be empty', async () => {
    expect(
      await refusal(NonAssessmentRecord, {
        member: '',
        type: '',
        orderNumber: '  ',
        date: null,
        startDate: '',
        endDate: null,
      }),
    ).toEqual([
      fieldError('member', 'mustNotBeEmpty'),
      fieldError('type', 'mustNotBeEmpty'),
      fieldError('orderNumber', 'mustNotBeEmpty'),
      fieldError('date', 'mustNotBeEmpty'),
      fieldError('taxAuthorities', 'mustNotBeEmpty'),
      fieldError('startDate', 'startDateMustNotBeEmpty'),
      fieldError('endDate', 'endDateMustNotBeEmpty'),
    ]);
  });

  it('refuses malformed dates with invalidDate', async () => {
    expect(await refusal(NonAssessmentRecord, certificate({ date: '2024-13-01', endDate: '31.12.2027' }))).toEqual([
      fieldError('date', 'invalidDate', '2024-13-01'),
      fieldError('endDate', 'invalidDate', '31.12.2027'),
    ]);
  });
});
