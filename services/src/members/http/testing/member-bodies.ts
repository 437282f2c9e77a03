import { expect } from '@jest/globals';
import {
  businessToday,
  MemberAdmission,
  MemberMasterChange,
  ValidationError,
  type FieldError,
  type MemberMasterData,
} from '@coop/contracts';
import { err, personMaster } from '../../../kernel/testing/member-events.js';
import { RequestValidationPipe } from '../../../platform/http/validation.pipe.js';
import type { MemberMasterInput } from '../../member-stream.decider.js';
import { masterOf } from '../member-master.js';

/** The members' request classes (contracts) through the API's pipe, and the master data the deciders take of them. */
export const pipe = new RequestValidationPipe();
export type Read = { master: MemberMasterData; shareAmount: number; memberNr: number | null };

export async function readBody(
  type: typeof MemberAdmission | typeof MemberMasterChange,
  body: object,
): Promise<{ value?: Read; errors: readonly FieldError[] }> {
  try {
    const value = (await pipe.transform(body, { type: 'body', metatype: type })) as MemberAdmission;
    return { value: { master: masterOf(value), shareAmount: value.shareAmount, memberNr: value.memberNr }, errors: [] };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors };
    throw error;
  }
}

/** The day `years` years before the business day (plus `days`). */
export const TODAY = businessToday();
export const yearsAgo = (years: number, days = 0): string => {
  const d = new Date(`${String(Number(TODAY.slice(0, 4)) - years).padStart(4, '0')}${TODAY.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** What a clerk types for a natural person: untrimmed text, IBAN with spaces, state in capitals. */
export const personInput: MemberMasterInput = {
  memberType: 1,
  position: 0,
  salutation: 'Frau',
  postalSalutation: 'female',
  title: 'none',
  givenName: 'Anna',
  name: ' Berger ',
  birthName: 'Schulz',
  birthDate: '1980-04-12',
  legalForm: 0,
  civilStatus: 1,
  spouse: null,
  spouseGivenName: 'Bernd',
  spouseName: 'Berger',
  spouseBirthName: '',
  spouseBirthDate: '1979-01-02',
  spouseTitle: null,
  street: 'Lindenstraße',
  streetHomeNumber: '5a',
  zipCode: '14467',
  city: 'Potsdam',
  state: 'BB',
  country: null,
  isForeign: false,
  legalRepresentation: null,
  privateEmail: 'anna@example.org',
  privateTelephone: '0331 123456',
  bankname: 'Commerzbank',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  entryDate: '2025-06-01',
  approvalDate: '2025-06-05',
  interestBegin: '2025-07-01',
  manualTaxId: '86095742719',
  churchId: null,
  churchTaxRate: null,
  kiSt: null,
  kiStSatz: null,
};

export const companyInput: MemberMasterInput = {
  ...personInput,
  legalForm: 1,
  memberType: 3,
  name: 'Stadtwerke Potsdam GmbH',
  givenName: null,
  birthName: null,
  birthDate: null,
  civilStatus: null,
  salutation: null,
  title: null,
  spouseGivenName: null,
  spouseName: null,
  spouseBirthDate: null,
  manualTaxId: null,
};

export type Overrides = { [K in keyof MemberMasterData | 'shareAmount' | 'memberNr']?: unknown };

/** An admission body: a complete person with 3 shares, and `overrides`. */
export const read = (overrides: Overrides = {}) =>
  readBody(MemberAdmission, { ...personInput, shareAmount: 3, ...overrides });

export const refusesInput = async (overrides: Overrides, errors: ReturnType<typeof err>[]): Promise<void> => {
  expect((await read(overrides)).errors).toEqual(errors);
};

/** Read without errors, as the stored master data: the person's with `stored` over it. */
export const readsAs = async (overrides: Overrides, stored: Partial<MemberMasterData> = {}): Promise<void> => {
  expect(await read(overrides)).toEqual({
    value: { master: { ...personMaster, ...stored }, shareAmount: 3, memberNr: null },
    errors: [],
  });
};
