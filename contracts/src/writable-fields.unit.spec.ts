import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { CooperativeFields } from './http/cooperatives.js';
import { ElmaNumberWrite } from './http/elma-numbers.js';
import { MemberAdmission, MemberMasterChange } from './http/member-requests.js';
import { PostingRequest, ShareCorrection } from './http/postings.js';
import { ExemptionOrderRecord, NonAssessmentRecord } from './http/tax-papers.js';
import { UserWrite } from './http/users.js';
import { WRITABLE_FIELDS } from './writable-fields.js';

/** The properties a request class declares a rule for (the pipe keeps only these). */
const declared = (type: new () => object): string[] =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .map((m) => m.propertyName),
    ),
  ].sort();

describe('WRITABLE_FIELDS', () => {
  it.each([
    ['users', UserWrite],
    ['cooperatives', CooperativeFields],
    ['elmanumbers', ElmaNumberWrite],
    ['exemptionorders', ExemptionOrderRecord],
    ['nonassessments', NonAssessmentRecord],
    ['members', MemberAdmission],
    ['balances', PostingRequest],
    ['shares', ShareCorrection],
  ] as const)('%s lists exactly the fields of its request class', (endpoint, type) => {
    expect([...WRITABLE_FIELDS[endpoint]].sort()).toEqual(declared(type));
  });

  it('a member change takes the fields of an admission but the member number and the initial shares (and what was paid on them)', () => {
    expect(declared(MemberMasterChange)).toEqual(
      WRITABLE_FIELDS.members.filter((f) => f !== 'memberNr' && f !== 'shareAmount' && f !== 'paid').sort(),
    );
  });
});
