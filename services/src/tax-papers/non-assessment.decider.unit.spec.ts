import { describe, expect, it } from '@jest/globals';
import {
  fieldError,
  NotFoundError,
  ValidationError,
  type NonAssessmentEvent,
  type NonAssessmentFields,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import {
  nonAssessmentDecider,
  type NonAssessmentCommand,
  type NonAssessmentInput,
} from './domain/non-assessment.decider.js';
import type { TaxPaperHolder } from './domain/tax-paper-rules.js';

const spec = deciderSpec(nonAssessmentDecider);

const ID = 'nv-1';
const OTHER = 'nv-0';
const MEMBER = 'member-1';
const COOP = 'coop-1';
const TODAY = '2025-06-15';

const PERSON: TaxPaperHolder = { legalForm: 0, nonResident: false, spouseRecorded: false, linkedSpouse: null };
const LEGAL_ENTITY: TaxPaperHolder = { ...PERSON, legalForm: 1 };
const ABROAD: TaxPaperHolder = { ...PERSON, nonResident: true };

const input = (overrides: Partial<NonAssessmentInput> = {}): NonAssessmentInput => ({
  type: 100,
  orderNumber: '123/456/78901',
  date: '2024-12-01',
  taxAuthorities: 'Finanzamt Musterstadt',
  startDate: '2025-01-01',
  endDate: '2027-12-31',
  original: true,
  ...overrides,
});

const record = (
  overrides: Partial<NonAssessmentInput> = {},
  extra: Partial<Extract<NonAssessmentCommand, { type: 'RecordNonAssessment' }>> = {},
): NonAssessmentCommand => ({
  type: 'RecordNonAssessment',
  nonAssessmentId: ID,
  memberId: MEMBER,
  cooperativeId: COOP,
  input: input(overrides),
  holder: PERSON,
  today: TODAY,
  ...extra,
});

const correct = (
  overrides: Partial<NonAssessmentInput> = {},
  extra: Partial<Extract<NonAssessmentCommand, { type: 'CorrectNonAssessment' }>> = {},
): NonAssessmentCommand => ({
  type: 'CorrectNonAssessment',
  nonAssessmentId: ID,
  memberId: MEMBER,
  cooperativeId: COOP,
  requestedMember: null,
  input: input(overrides),
  holder: PERSON,
  today: TODAY,
  ...extra,
});

const fields = (overrides: Partial<NonAssessmentFields> = {}): NonAssessmentFields => ({
  type: 100,
  orderNumber: '123/456/78901',
  date: '2024-12-01',
  taxAuthorities: 'Finanzamt Musterstadt',
  startDate: '2025-01-01',
  endDate: '2027-12-31',
  original: true,
  ...overrides,
});

const recorded = (id = ID, overrides: Partial<NonAssessmentFields> = {}): NonAssessmentEvent => ({
  type: 'NonAssessmentRecorded',
  data: { nonAssessmentId: id, memberId: MEMBER, cooperativeId: COOP, ...fields(overrides) },
});

const refuses = (command: NonAssessmentCommand, errors: unknown[], given: NonAssessmentEvent[] = []): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

describe('non-assessment decider: RecordNonAssessment', () => {
  it('records a certificate', () => {
    spec.given([]).when(record()).then([recorded()]);
  });

  it.each([0, 60, 100, -1] as const)('records the type %p', (type) => {
    spec
      .given([])
      .when(record({ type }))
      .then([recorded(ID, { type })]);
  });

  it('records an original not on file as null', () => {
    spec
      .given([])
      .when(record({ original: null }))
      .then([recorded(ID, { original: null })]);
  });

  it('reports a missing member with the other errors of the certificate, the member first', () => {
    refuses(record({ endDate: '2024-12-31' }, { memberId: '', holder: null }), [
      fieldError('member', 'mustNotBeEmpty'),
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
  });

  describe('who may hold which certificate (issue 22, DOMAIN.md 2.6-2.8)', () => {
    it('a natural person resident in Germany: NV 1 B (100) and § 44a Abs. 8 (60)', () => {
      spec
        .given([])
        .when(record({ type: 100 }))
        .then([recorded(ID, { type: 100 })]);
      spec
        .given([])
        .when(record({ type: 60 }))
        .then([recorded(ID, { type: 60 })]);
    });

    it('a legal entity: NV 3 B / NV 2 B (100) and § 44a Abs. 8 (60)', () => {
      spec
        .given([])
        .when(record({ type: 100 }, { holder: LEGAL_ENTITY }))
        .then([recorded(ID, { type: 100 })]);
      spec
        .given([])
        .when(record({ type: 60 }, { holder: LEGAL_ENTITY }))
        .then([recorded(ID, { type: 60 })]);
    });

    it.each([100, 60] as const)(
      'a member living abroad holds no exempting certificate: type %s refused with nonAssessmentNotForNonResident on type',
      (type) => {
        refuses(record({ type }, { holder: ABROAD }), [
          fieldError('type', 'nonAssessmentNotForNonResident', String(type)),
        ]);
        refuses(record({ type }, { holder: { ...ABROAD, legalForm: 1 } }), [
          fieldError('type', 'nonAssessmentNotForNonResident', String(type)),
        ]);
      },
    );

    it('records "no certificate" (0) and "unknown" (-1) for a member living abroad: they exempt nothing', () => {
      spec
        .given([])
        .when(record({ type: 0 }, { holder: ABROAD }))
        .then([recorded(ID, { type: 0 })]);
      spec
        .given([])
        .when(record({ type: -1 }, { holder: ABROAD }))
        .then([recorded(ID, { type: -1 })]);
    });

    it('lets the certificate of a member who moved abroad be ended, but not otherwise changed', () => {
      spec
        .given([recorded()])
        .when(correct({ endDate: '2025-12-31' }, { holder: ABROAD }))
        .then([
          { type: 'NonAssessmentCorrected', data: { nonAssessmentId: ID, memberId: MEMBER, endDate: '2025-12-31' } },
        ]);
      refuses(
        correct({ taxAuthorities: 'Finanzamt Passau' }, { holder: ABROAD }),
        [fieldError('type', 'nonAssessmentNotForNonResident', '100')],
        [recorded()],
      );
    });
  });

  it('answers an unknown member as NotFoundError', () => {
    spec
      .given([])
      .when(record({}, { holder: null }))
      .thenThrows(NotFoundError, (e) => expect(e.entity).toBe('Member'));
  });

  it('the end after the start: endDateMustBeAfterStartDate', () => {
    refuses(record({ startDate: '2025-06-01', endDate: '2025-06-01' }), [
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
  });

  it('at most 3 years: dateRangeExceeds {0: 3}', () => {
    refuses(record({ startDate: '2025-01-01', endDate: '2028-01-01' }), [
      fieldError('endDate', 'dateRangeExceeds', '3'),
    ]);
    refuses(record({ startDate: '2024-02-29', endDate: '2027-03-01' }), [
      fieldError('endDate', 'dateRangeExceeds', '3'),
    ]);
    spec
      .given([])
      .when(record({ startDate: '2024-02-29', endDate: '2027-02-28' }))
      .then([recorded(ID, { startDate: '2024-02-29', endDate: '2027-02-28' })]);
  });

  it('years: 6 choices starting 2 years back (2023 to 2028): yearOutOfRange', () => {
    refuses(record({ startDate: '2022-12-31', endDate: '2023-12-31' }), [
      fieldError('startDate', 'yearOutOfRange', '2023', '2028'),
    ]);
    spec
      .given([])
      .when(record({ startDate: '2023-01-01', endDate: '2023-12-31' }))
      .then([recorded(ID, { startDate: '2023-01-01', endDate: '2023-12-31' })]);
    spec
      .given([])
      .when(record({ startDate: '2026-01-02', endDate: '2028-12-31' }))
      .then([recorded(ID, { startDate: '2026-01-02', endDate: '2028-12-31' })]);
    refuses(record({ startDate: '2027-01-01', endDate: '2029-01-01' }), [
      fieldError('endDate', 'yearOutOfRange', '2023', '2028'),
    ]);
  });

  // Decision 385: a register exported in 2025 with a certificate of 2021-2023 did not read back from 2026 on.
  it("a register's certificate (the import) may lie before the choices, not after them", () => {
    spec
      .given([])
      .when(record({ startDate: '2019-01-01', endDate: '2021-12-31' }, { fromRegister: true }))
      .then([recorded(ID, { startDate: '2019-01-01', endDate: '2021-12-31' })]);
    refuses(record({ startDate: '2027-01-01', endDate: '2029-01-01' }, { fromRegister: true }), [
      fieldError('endDate', 'yearOutOfRange', '1900', '2028'),
    ]);
  });

  it('no overlap with another certificate of the member: conflictNonAssessment {0: the other id}', () => {
    const given = [recorded(OTHER, { startDate: '2024-01-01', endDate: '2025-01-01' })];
    refuses(record(), [fieldError(null, 'conflictNonAssessment', OTHER)], given);
    spec
      .given(given)
      .when(record({ startDate: '2025-01-02' }))
      .then([recorded(ID, { startDate: '2025-01-02' })]);
  });
});

describe('non-assessment decider: CorrectNonAssessment', () => {
  it('records only the changed fields', () => {
    spec
      .given([recorded()])
      .when(correct({ type: 60, original: null }))
      .then([
        { type: 'NonAssessmentCorrected', data: { nonAssessmentId: ID, memberId: MEMBER, type: 60, original: null } },
      ]);
  });

  it('records nothing when nothing changed', () => {
    spec.given([recorded()]).when(correct()).then([]);
  });

  it('keeps an old start date that is no longer a year choice, but checks a changed one', () => {
    const old = recorded(ID, { startDate: '2021-01-01', endDate: '2023-12-31' });
    spec
      .given([old])
      .when(correct({ startDate: '2021-01-01', endDate: '2023-12-31', orderNumber: '999' }))
      .then([{ type: 'NonAssessmentCorrected', data: { nonAssessmentId: ID, memberId: MEMBER, orderNumber: '999' } }]);
    refuses(
      correct({ startDate: '2021-02-01', endDate: '2023-12-31' }),
      [fieldError('startDate', 'yearOutOfRange', '2023', '2028')],
      [old],
    );
  });

  it('does not conflict with itself', () => {
    spec
      .given([recorded()])
      .when(correct({ endDate: '2026-12-31' }))
      .then([
        { type: 'NonAssessmentCorrected', data: { nonAssessmentId: ID, memberId: MEMBER, endDate: '2026-12-31' } },
      ]);
  });

  it('a certificate never moves to another member', () => {
    refuses(
      correct({}, { requestedMember: 'member-9' }),
      [fieldError('member', 'invalidChoice', 'member-9')],
      [recorded()],
    );
  });

  it("answers an unknown certificate, or another cooperative's, as NotFoundError", () => {
    spec
      .given([])
      .when(correct())
      .thenThrows(NotFoundError, (e) => expect([e.entity, e.id]).toEqual(['Non assessment', ID]));
    spec
      .given([recorded()])
      .when(correct({}, { cooperativeId: 'coop-2' }))
      .thenThrows(NotFoundError);
  });
});
