import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { CooperativeFields } from './http/cooperatives.js';
import { ElmaNumberWrite } from './http/elma-numbers.js';
import { ExemptionOrderRecord, NonAssessmentRecord } from './http/tax-papers.js';
import { UserWrite } from './http/users.js';
import { WRITABLE_FIELDS } from './writable-fields.js';

/** The properties a request class declares a rule for (the pipe keeps only these). */
const declared = (type: new () => object): string[] =>
  [...new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((m) => m.propertyName))].sort();

describe('WRITABLE_FIELDS', () => {
  it.each([
    ['users', UserWrite],
    ['cooperatives', CooperativeFields],
    ['elmanumbers', ElmaNumberWrite],
    ['exemptionorders', ExemptionOrderRecord],
    ['nonassessments', NonAssessmentRecord],
  ] as const)('%s lists exactly the fields of its request class', (endpoint, type) => {
    expect([...WRITABLE_FIELDS[endpoint]].sort()).toEqual(declared(type));
  });
});
