import { describe, expect, it } from '@jest/globals';
import { formatDate } from '../format.js';
import {
  allowanceLimit,
  conflictingId,
  endOfYear,
  exemptionEndYears,
  exemptionOrderBar,
  exemptionStartYears,
  nonAssessmentYears,
  orderTaxIdWarnings,
  recordedSpouse,
  startOfYear,
  yearChoices,
} from './model.js';
import { exemptionOrderToApi, nonAssessmentToApi } from './toApi.js';

describe('tax paper year choices (SPEC 5)', () => {
  it('exemption orders: start 2008 to this year, end 2008 to 3 years ahead, newest first', () => {
    const start = exemptionStartYears(2026);
    expect(start[0]).toBe(2026);
    expect(start.at(-1)).toBe(2008);
    expect(start).toHaveLength(19);
    const end = exemptionEndYears(2026);
    expect(end[0]).toBe(2029);
    expect(end.at(-1)).toBe(2008);
  });

  it('non-assessments: 6 years starting 2 years back', () => {
    expect(nonAssessmentYears(2026)).toEqual([2029, 2028, 2027, 2026, 2025, 2024]);
  });

  it('whole calendar years: start 1 January, end 31 December', () => {
    expect(startOfYear(2024)).toBe('2024-01-01');
    expect(endOfYear(2026)).toBe('2026-12-31');
    expect(yearChoices([2025, 2024], 'end', '2025-12-31', formatDate)).toEqual([
      { id: '2025-12-31', name: '2025' },
      { id: '2024-12-31', name: '2024' },
    ]);
  });

  it('a stored date that is not a year boundary stays choosable under its own date', () => {
    expect(yearChoices([2025, 2024], 'start', '2024-07-01', formatDate)).toEqual([
      { id: '2025-01-01', name: '2025' },
      { id: '2024-07-01', name: '01.07.2024' },
      { id: '2024-01-01', name: '2024' },
    ]);
  });
});

describe("saver's allowance (DOMAIN 2.6)", () => {
  it('801 / 1.602 € up to 2022, 1.000 / 2.000 € from 2023; a range across both is held to 2022', () => {
    expect(allowanceLimit(2022, 2022, false)).toEqual({ limit: 80_100, year: 2022 });
    expect(allowanceLimit(2023, 2025, true)).toEqual({ limit: 200_000, year: 2023 });
    expect(allowanceLimit(2021, 2023, false)).toEqual({ limit: 80_100, year: 2021 });
    expect(allowanceLimit(2022, null, true)).toEqual({ limit: 160_200, year: 2022 });
    expect(allowanceLimit(2024, null, false)).toEqual({ limit: 100_000, year: 2024 });
  });
});

describe('conflict message', () => {
  it('finds the other paper named in the general error', () => {
    expect(conflictingId('conflict with exemption order 0b6c9a3e-42', ['5d1f0c2a-11', '0b6c9a3e-42'])).toBe(
      '0b6c9a3e-42',
    );
    expect(conflictingId('Please correct the marked fields', ['5d1f0c2a-11'])).toBeNull();
    expect(conflictingId(undefined, ['x'])).toBeNull();
  });
});

describe('tax papers sent to the API', () => {
  it('exemption order: euro text to cents without floating point, no spouse on a single order, open end is null', () => {
    expect(
      exemptionOrderToApi(
        {
          type: 0,
          joint: false,
          spouse: 'm2',
          amount: '1.000,00',
          date: '2026-01-05',
          startDate: '2026-01-01',
          endDate: '',
        },
        'm1',
      ),
    ).toEqual({
      member: 'm1',
      type: 0,
      joint: false,
      spouse: null,
      amount: 100_000,
      date: '2026-01-05',
      startDate: '2026-01-01',
      endDate: null,
    });
    expect(
      exemptionOrderToApi(
        { type: 1, joint: true, spouse: 'm2', amount: '0.29', startDate: '2026-01-01', endDate: '2027-12-31' },
        'm1',
      ),
    ).toMatchObject({ joint: true, spouse: null, amount: 29, date: null });
    expect(exemptionOrderToApi({ joint: true, spouse: '', amount: 160200, endDate: 'open' }, 'm1')).toMatchObject({
      spouse: null,
      amount: 160_200,
      endDate: null,
    });
    expect(exemptionOrderToApi({ joint: false, amount: '12,345' }, 'm1')).toMatchObject({ amount: '12,345' });
  });

  it('non-assessment: original present is true, missing is null', () => {
    expect(
      nonAssessmentToApi(
        {
          type: 100,
          orderNumber: 'NV 1',
          taxAuthorities: 'FA Mitte',
          date: '2026-01-05',
          startDate: '2026-01-01',
          endDate: '2028-12-31',
          original: true,
        },
        'm1',
      ),
    ).toEqual({
      member: 'm1',
      type: 100,
      orderNumber: 'NV 1',
      date: '2026-01-05',
      taxAuthorities: 'FA Mitte',
      startDate: '2026-01-01',
      endDate: '2028-12-31',
      original: true,
    });
    expect(nonAssessmentToApi({ type: -1, orderNumber: '', original: false }, 'm1')).toMatchObject({
      type: -1,
      orderNumber: null,
      original: null,
    });
  });
});

describe('who may give an exemption order, and the spouse and tax ids it needs (issue 22)', () => {
  it('bars legal entities and members abroad (an address flagged abroad in DE still counts as at home)', () => {
    expect(exemptionOrderBar({ legalForm: 1, isForeign: false, country: null })).toBe('legalEntity');
    expect(exemptionOrderBar({ legalForm: 0, isForeign: true, country: 'AT' })).toBe('nonResident');
    expect(exemptionOrderBar({ legalForm: 0, isForeign: true, country: 'DE' })).toBeNull();
    expect(exemptionOrderBar({ legalForm: 0, isForeign: false, country: null })).toBeNull();
  });

  it('the recorded spouse: married or partnered, linked or named', () => {
    const married = { legalForm: 0, civilStatus: 1, spouse: null, spouseName: 'Berger', spouseGivenName: 'Bernd' };
    expect(recordedSpouse(married)).toEqual({ linked: null, name: 'Berger, Bernd' });
    expect(recordedSpouse({ ...married, civilStatus: 2, spouse: 'm2' })).toEqual({
      linked: 'm2',
      name: 'Berger, Bernd',
    });
    expect(recordedSpouse({ ...married, civilStatus: 0 })).toBeNull();
    expect(recordedSpouse({ ...married, spouseName: null, spouseGivenName: null })).toBeNull();
    expect(recordedSpouse({ ...married, legalForm: 1 })).toBeNull();
  });

  it("warns of the member's and (joint) the spouse's missing tax id", () => {
    const member = { manualTaxId: '86095742719', taxId: null, spouseTaxId: null };
    expect(orderTaxIdWarnings(member, null, false)).toEqual({ memberTaxIdMissing: false, spouseTaxIdMissing: false });
    expect(orderTaxIdWarnings(member, null, true)).toEqual({ memberTaxIdMissing: false, spouseTaxIdMissing: true });
    expect(orderTaxIdWarnings({ ...member, spouseTaxId: '47036892816' }, null, true)).toEqual({
      memberTaxIdMissing: false,
      spouseTaxIdMissing: false,
    });
    expect(orderTaxIdWarnings(member, { manualTaxId: '47036892816', taxId: null }, true)).toEqual({
      memberTaxIdMissing: false,
      spouseTaxIdMissing: false,
    });
    expect(orderTaxIdWarnings({ ...member, manualTaxId: null }, null, false)).toEqual({
      memberTaxIdMissing: true,
      spouseTaxIdMissing: false,
    });
  });
});
