/**
 * Builders of engine inputs for the tests: a member with sensible defaults (a resident natural person, no church, no
 * papers), postings, orders, certificates and the resolution. Pure data.
 */
import { DEFAULT_DIVIDEND_SETTINGS, type DividendSettings, type NonAssessmentType } from '@coop/contracts';
import type { BasisPosting, CertificateInput, DividendParams, MemberInput, OrderInput } from '../types.js';

export const SETTINGS: DividendSettings = DEFAULT_DIVIDEND_SETTINGS;

/** FY 2024 paid in 2025 (DOMAIN.md 11: allowance 1,000 / 2,000 €), 4 %. */
export const PARAMS: DividendParams = {
  year: 2024,
  type: 'percent',
  amount: '4',
  decisionDate: '2025-06-15',
  paymentDate: '2025-06-30',
};

export const settings = (overrides: Partial<DividendSettings> = {}): DividendSettings => ({
  ...SETTINGS,
  ...overrides,
});
export const params = (overrides: Partial<DividendParams> = {}): DividendParams => ({ ...PARAMS, ...overrides });

let postingSeq = 0;

/** A posting; incoming types bear from `interestBegin` (default: its date). */
export function posting(
  type: BasisPosting['type'],
  amount: number,
  date: string,
  extra: Partial<BasisPosting> = {},
): BasisPosting {
  postingSeq += 1;
  return { id: `p${postingSeq}`, type, amount, date, interestBegin: date, annulled: false, ...extra };
}

/** A holding bought long before the year: it bears the whole year. */
export const held = (amount: number, date = '2020-03-01'): BasisPosting => posting(0, amount, date);

/**
 * A member whose gross dividend at 4 % on a whole-year holding is exactly `gross` cents (holding = 25 × gross), so a
 * worked example's gross can be given as DOMAIN.md states it.
 */
export function earning(
  gross: number,
  overrides: Partial<MemberInput> & { id: string; memberNr: number },
): MemberInput {
  return member({ postings: [held(gross * 25)], ...overrides });
}

export function member(overrides: Partial<MemberInput> & { id: string; memberNr: number }): MemberInput {
  return {
    legalEntity: false,
    foreign: false,
    state: 'nw',
    churchId: null,
    churchTaxRate: null,
    taxId: '86095742719',
    spouseMemberId: null,
    spouseTaxId: null,
    deathDate: null,
    entryDate: '2020-03-01',
    exitDate: null,
    postings: [],
    orders: [],
    certificates: [],
    ...overrides,
  };
}

export function order(memberId: string, amount: number, overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    id: `fsa-${memberId}-${amount}`,
    memberId,
    joint: false,
    spouseMemberId: null,
    amount,
    issueDate: '2024-01-01',
    startDate: '2024-01-01',
    endDate: null,
    usedByYear: {},
    ...overrides,
  };
}

export function certificate(type: NonAssessmentType, overrides: Partial<CertificateInput> = {}): CertificateInput {
  return { id: `nv-${type}`, type, startDate: '2024-01-01', endDate: '2026-12-31', ...overrides };
}
