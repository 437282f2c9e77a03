import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { CooperativeFields } from './cooperatives.js';
import { ElmaNumberWrite } from './elma-numbers.js';
import { isIsoDate } from '../business-date.js';
import { isRuleContext } from './rules.js';
import { LoginRequest } from './session.js';
import {
  ExemptionOrderCorrection,
  ExemptionOrderRecord,
  NonAssessmentCorrection,
  NonAssessmentRecord,
} from './tax-papers.js';
import { OwnPasswordChange, UserCreate, UserWrite } from './users.js';

const REQUESTS = [
  UserCreate,
  UserWrite,
  OwnPasswordChange,
  CooperativeFields,
  ElmaNumberWrite,
  LoginRequest,
  ExemptionOrderRecord,
  ExemptionOrderCorrection,
  NonAssessmentRecord,
  NonAssessmentCorrection,
];

describe('request classes', () => {
  it.each(REQUESTS.map((type) => [type.name, type] as const))(
    'every rule of %s carries its answer template',
    (_name, type) => {
      const rules = getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((m) => m.type !== ValidationTypes.CONDITIONAL_VALIDATION);
      expect(rules.length).toBeGreaterThan(0);
      expect(
        rules.filter((m) => !isRuleContext(m.context)).map((m) => `${m.propertyName}: ${m.name ?? m.type}`),
      ).toEqual([]);
    },
  );
});

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2025-12-31', '2000-02-29'])('accepts %s', (d) => expect(isIsoDate(d)).toBe(true));
  it.each([
    '2025-02-29',
    '1900-02-29',
    '2025-13-01',
    '2025-04-31',
    '2025-01-00',
    '25-01-01',
    '2025-1-1',
    '2025-01-01T00:00',
  ])('refuses %s', (d) => expect(isIsoDate(d)).toBe(false));
});
