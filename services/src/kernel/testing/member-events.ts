import {
  memberFieldError,
  type MemberEvent,
  type MemberMasterData,
  type PostingType,
  type SharesPosted,
} from '@coop/contracts';
import type { ShareTerms } from '../share-terms.js';

/** Events of one member stream for the deciders' tests of both areas living on it (members, share ledger). */

export const COOP = 'coop-1';
export const OTHER_COOP = 'coop-2';
export const M = 'm-1';
export const M2 = 'm-2';
export const TODAY = '2025-06-15';
/** 250 € a share, at least one share. */
export const terms: ShareTerms = { shareCost: 25_000, minimumShares: 1 };
/** The dates of the postings in these tests (after the entry, before today). */
export const ON = { date: '2025-06-10', approvalDate: '2025-06-10', interestBegin: '2025-07-01' };

/** The same, as stored. */
export const personMaster: MemberMasterData = {
  memberType: 1,
  position: 0,
  salutation: 'Frau',
  postalSalutation: 'female',
  title: 'none',
  givenName: 'Anna',
  name: 'Berger',
  birthName: 'Schulz',
  birthDate: '1980-04-12',
  legalForm: 0,
  civilStatus: 1,
  spouse: null,
  spouseGivenName: 'Bernd',
  spouseName: 'Berger',
  spouseBirthName: null,
  spouseBirthDate: '1979-01-02',
  spouseTitle: null,
  spouseTaxId: null,
  street: 'Lindenstraße',
  streetHomeNumber: '5a',
  zipCode: '14467',
  city: 'Potsdam',
  state: 'bb',
  country: null,
  isForeign: false,
  legalRepresentation: null,
  privateEmail: 'anna@example.org',
  privateTelephone: '0331 123456',
  bankname: 'Commerzbank',
  accountHolder: null,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  entryDate: '2025-06-01',
  approvalDate: '2025-06-05',
  interestBegin: '2025-07-01',
  manualTaxId: '86095742719',
  churchId: null,
  churchTaxRate: null,
  kiSt: null,
  kiStSatz: null,
};

export const admitted = (master: Partial<MemberMasterData> = {}, memberId = M, cooperativeId = COOP): MemberEvent => ({
  type: 'MemberAdmitted',
  data: { memberId, cooperativeId, memberNr: memberId === M ? 1 : 2, ...personMaster, ...master },
});

/** The initial subscription: quantity × 250 € on the entry date. */
export const subscribed = (quantity = 3, memberId = M): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId,
    balanceId: 'b0',
    type: 0,
    quantity,
    amount: quantity * 25_000,
    shareCost: 25_000,
    date: '2025-06-01',
    approvalDate: '2025-06-05',
    interestBegin: '2025-07-01',
  },
});

export const posted = (
  balanceId: string,
  type: PostingType,
  quantity: number,
  extra: Partial<SharesPosted['data']> = {},
): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: M,
    balanceId,
    type,
    quantity,
    amount: ([2, 3, 6, 7, 8].includes(type) ? -1 : 1) * quantity * 25_000,
    shareCost: 25_000,
    ...ON,
    ...extra,
  },
});

export const exited = (
  balanceId: string,
  exitDate = ON.date,
  reason: 'death' | 'exclusion' | 'exit' = 'exit',
): MemberEvent => ({
  type: 'MemberExited',
  data: { memberId: M, exitDate, reason, balanceId },
});

export const member = [admitted(), subscribed(3)];

export const err = memberFieldError;
