import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { personMaster } from '../kernel/testing/member-events.js';
import { readMember, type MemberDocument } from '../members/index.js';
import { holderOf } from './domain/tax-paper-rules.js';
import { exemptionOrderDocuments } from './queries/tax-paper-documents.js';
import { toExemptionOrderDto } from './queries/tax-paper.view.js';

/** Issue 22: who the tax-paper rules see in the master data, and the warnings an order shows for missing tax ids. */

describe('holderOf: the member as the tax-paper rules see it', () => {
  it('a married natural person at home, spouse named but not a member', () => {
    expect(holderOf({ ...personMaster, civilStatus: 1, spouse: null, spouseName: 'Berger' })).toEqual({
      legalForm: 0,
      nonResident: false,
      spouseRecorded: true,
      linkedSpouse: null,
    });
  });

  it('a partnered member linked to a spouse who is a member', () => {
    expect(holderOf({ ...personMaster, civilStatus: 2, spouse: 'm-2' })).toMatchObject({
      spouseRecorded: true,
      linkedSpouse: 'm-2',
    });
  });

  it('no spouse recorded: unmarried or widowed (even with old spouse data), or married without a spouse named', () => {
    expect(holderOf({ ...personMaster, civilStatus: 0 })).toMatchObject({ spouseRecorded: false, linkedSpouse: null });
    expect(holderOf({ ...personMaster, civilStatus: 3, spouse: 'm-2' })).toMatchObject({
      spouseRecorded: false,
      linkedSpouse: null,
    });
    expect(
      holderOf({ ...personMaster, civilStatus: 1, spouse: null, spouseName: null, spouseGivenName: null }),
    ).toMatchObject({ spouseRecorded: false });
  });

  it('a legal entity has no spouse', () => {
    expect(holderOf({ ...personMaster, legalForm: 1, civilStatus: 1, spouse: 'm-2' })).toEqual({
      legalForm: 1,
      nonResident: false,
      spouseRecorded: false,
      linkedSpouse: null,
    });
  });

  it('not resident: an address abroad outside Germany; a foreign flag with country DE is still at home', () => {
    expect(holderOf({ ...personMaster, isForeign: true, state: null, country: 'AT' }).nonResident).toBe(true);
    expect(holderOf({ ...personMaster, isForeign: true, state: null, country: null }).nonResident).toBe(true);
    expect(holderOf({ ...personMaster, isForeign: true, state: null, country: 'DE' }).nonResident).toBe(false);
    expect(holderOf(personMaster).nonResident).toBe(false);
  });
});

const member = (fields: Record<string, unknown> = {}): MemberDocument =>
  readMember({
    id: 'm-1',
    cooperativeId: 'c-1',
    position: '1',
    memberNr: 1001,
    name: 'Berger',
    givenName: 'Anna',
    legalForm: 0,
    manualTaxId: '86095742719',
    ...fields,
  } as ReadDocument);
const order = (fields: Record<string, unknown> = {}): ReadDocument =>
  ({
    id: 'fsa-1',
    cooperativeId: 'c-1',
    position: '2',
    member: 'm-1',
    type: 0,
    joint: false,
    spouse: null,
    amount: 50_000,
    date: '2024-12-01',
    startDate: '2025-01-01',
    endDate: null,
    ...fields,
  }) as ReadDocument;
const dto = (o: ReadDocument, ...docs: MemberDocument[]) =>
  toExemptionOrderDto(exemptionOrderDocuments.read(o), new Map(docs.map((d) => [d.id, d])), '2025-06-15');

describe('toExemptionOrderDto: warnings for missing tax ids (the order is kept; the closure will refuse it)', () => {
  it('no warning for a single order of a member with a tax id', () => {
    expect(dto(order(), member())).toMatchObject({ memberTaxIdMissing: false, spouseTaxIdMissing: false });
  });

  it("warns when the member's tax id is missing", () => {
    expect(dto(order(), member({ manualTaxId: null }))).toMatchObject({
      memberTaxIdMissing: true,
      spouseTaxIdMissing: false,
    });
  });

  it("a joint order with a spouse who is not a member: the spouse's tax id from the master data, the name too", () => {
    const married = { civilStatus: 1, spouseName: 'Berger', spouseGivenName: 'Bernd' };
    expect(dto(order({ joint: true }), member(married))).toMatchObject({
      spouseName: 'Berger, Bernd',
      memberTaxIdMissing: false,
      spouseTaxIdMissing: true,
    });
    expect(dto(order({ joint: true }), member({ ...married, spouseTaxId: '47036892816' }))).toMatchObject({
      spouseTaxIdMissing: false,
    });
  });

  it("a joint order with a linked spouse: the spouse's own tax id counts", () => {
    const spouse = member({ id: 'm-2', memberNr: 1002, givenName: 'Bernd', manualTaxId: '47036892816' });
    expect(dto(order({ joint: true, spouse: 'm-2' }), member({ civilStatus: 1, spouse: 'm-2' }), spouse)).toMatchObject(
      { spouseName: 'Berger, Bernd', spouseTaxIdMissing: false },
    );
    expect(
      dto(order({ joint: true, spouse: 'm-2' }), member({ civilStatus: 1, spouse: 'm-2' }), {
        ...spouse,
        manualTaxId: null,
      }),
    ).toMatchObject({ spouseTaxIdMissing: true });
  });
});
