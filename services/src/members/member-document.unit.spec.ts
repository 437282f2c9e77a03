import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readMember } from '@coop/projections/members';
import { toMemberDto } from './queries/member.view.js';

/*
 * The member list's one reader (decision 247): every area reads a member's text by the same rule, trimmed with blank as
 * null. Before it, the member list (member.view.ts) kept stored text as it was (' Muster ', '') while the dividend's
 * and the FSA control report's readers trimmed it and read '' as absent, and the KiStAM request read '' as absent
 * without trimming: the same member showed differently per screen and file.
 */
const TODAY = '2026-11-29';
const stored: ReadDocument = {
  id: 'm-1',
  cooperativeId: 'c-1',
  position: '7',
  memberNr: 12,
  memberType: 0,
  memberPosition: 0,
  legalForm: 0,
  name: ' Muster ',
  givenName: '',
  birthDate: '1980-04-12',
  spouseTaxId: '   ',
  manualTaxId: ' 86095742719',
  churchId: '',
  entryDate: '2020-01-15',
  exitDate: null,
  postings: [{ b: 'b0', d: '2020-01-15', s: 3, a: 75_000 }],
  shareAmount: 3,
  shareTotalEUR: 75_000,
};

describe('the member list answers a member by the one reader of its document', () => {
  it('trims text and reads blank text as absent, as the other areas read the same member', () => {
    expect(toMemberDto(readMember(stored), TODAY)).toMatchObject({
      name: 'Muster',
      givenName: null,
      spouseTaxId: null,
      manualTaxId: '86095742719',
      churchId: null,
      memberNr: 12,
      shareAmount: 3,
      shareTotalEUR: 75_000,
    });
  });

  it('reads what the projector never wrote as absent: no number, no flag, no postings, nothing held', () => {
    const member = readMember({ id: 'm-2', cooperativeId: 'c-1', position: '1', memberNr: '12', isForeign: 'yes' });
    expect(member).toMatchObject({
      memberNr: null,
      isForeign: false,
      postings: null,
      shareAmount: 0,
      shareTotalEUR: 0,
      retentionHold: false,
      erased: false,
      name: null,
    });
  });
});
