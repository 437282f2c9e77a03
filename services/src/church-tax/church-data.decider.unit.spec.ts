import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, ValidationError, type MemberEvent } from '@coop/contracts';
import { admitted, COOP, M, OTHER_COOP } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { churchIdOfKey, normalizedChurchRate } from './domain/church-keys.js';
import { churchDataDecider, type RecordChurchData } from './domain/church-data.decider.js';

const spec = deciderSpec(churchDataDecider);

const record = (churchId: string | null, churchTaxRate: string | null, cooperativeId = COOP): RecordChurchData => ({
  type: 'RecordChurchData',
  memberId: M,
  cooperativeId,
  churchId,
  churchTaxRate,
  queriedOn: '2025-09-15',
  queryKind: 'paper',
  taskId: null,
});
const recorded = (churchId: string | null, churchTaxRate: string | null): MemberEvent => ({
  type: 'ChurchDataRecorded',
  data: { memberId: M, churchId, churchTaxRate, queriedOn: '2025-09-15', queryKind: 'paper', taskId: null },
});

describe('church data by hand (RecordChurchData)', () => {
  it('records a known church id, any case, with the rate as a decimal', () => {
    spec
      .given([admitted()])
      .when(record(' RK ', '9,00'))
      .then([recorded('rk', '9')]);
  });

  it('records a church id without a rate (the rate then follows the state, DOMAIN.md 12a.9)', () => {
    spec
      .given([admitted()])
      .when(record('ev', null))
      .then([recorded('ev', null)]);
  });

  it('records both empty as a null answer', () => {
    spec
      .given([admitted()])
      .when(record('', ' '))
      .then([recorded(null, null)]);
  });

  it('refuses an unknown church id', () => {
    spec
      .given([admitted()])
      .when(record('xx', '9'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('churchId', 'invalidChoice', 'xx')]));
  });

  it.each([
    ['0', fieldError('churchTaxRate', 'invalidNumber', '0')],
    ['abc', fieldError('churchTaxRate', 'invalidNumber', 'abc')],
    ['-1', fieldError('churchTaxRate', 'invalidNumber', '-1')],
    ['10.5', fieldError('churchTaxRate', 'mustBeAtMost', '10')],
  ])('refuses the rate %s', (rate, error) => {
    spec
      .given([admitted()])
      .when(record('rk', rate))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([error]));
  });

  it('accepts the rate 10 and refuses a rate without a church', () => {
    spec
      .given([admitted()])
      .when(record('rk', '10'))
      .then([recorded('rk', '10')]);
    spec
      .given([admitted()])
      .when(record(null, '9'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('churchId', 'mustNotBeEmpty')]));
  });

  it("answers 404 for an unknown member or another cooperative's", () => {
    spec.given([]).when(record('rk', '9')).thenThrows(NotFoundError);
    spec
      .given([admitted()])
      .when(record('rk', '9', OTHER_COOP))
      .thenThrows(NotFoundError);
  });
});

describe('church keys and rates', () => {
  it('reads the two-letter codes and the 6-digit keys of the table', () => {
    expect(churchIdOfKey('RK')).toBe('rk');
    expect(churchIdOfKey('lt')).toBe('lt');
    expect(churchIdOfKey('zz')).toBeNull();
    expect(churchIdOfKey('123456')).toBeNull();
    expect(churchIdOfKey('123456', { '123456': 'ev' })).toBe('ev');
  });

  it('normalizes rates', () => {
    expect(normalizedChurchRate('9,00')).toBe('9');
    expect(normalizedChurchRate('8.50')).toBe('8.5');
    expect(normalizedChurchRate('08')).toBe('8');
    expect(normalizedChurchRate('11')).toBe('tooHigh');
    expect(normalizedChurchRate('9%')).toBe('invalid');
  });
});
