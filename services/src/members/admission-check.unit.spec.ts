import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MemberAdmission, ValidationError, type MemberEvent } from '@coop/contracts';
import { WRITABLE_FIELDS } from '@coop/contracts/console';
import { initialMemberState } from '../kernel/member-stream.js';
import { COOP, M, terms } from '../kernel/testing/member-events.js';
import { fieldErrorsOf } from '../platform/http/validation.pipe.js';
import { memberMasterDecider } from './domain/member-master.decider.js';
import { masterOf } from './http/member-master.js';
import { memberDecider, type MemberMasterInput } from './member-stream.decider.js';

/*
 * The import replays every admission of a register through memberDecider, which reads the master data with the API's
 * request class (MemberAdmission) on a faster path than class-validator's `validateSync` on each (decision 249: the
 * class's rules gathered once, `validateSync` only for a body that breaks one). Whatever that path is, an admission
 * must answer exactly as the request class read by class-transformer and class-validator answers it: the same
 * problems (fields, templates, parameters) in the same order, and for a body the class accepts the same decision.
 */

/** The request class's own answer, as the decider read it before decision 249: class-transformer, then validateSync. */
function reference(
  body: Record<string, unknown>,
): { errors: unknown } | { events: MemberEvent[] } | { thrown: string } {
  const entity = plainToInstance(MemberAdmission, structuredClone(body));
  const errors = validateSync(entity, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) return { errors: fieldErrorsOf(errors) };
  return outcome(() => memberMasterDecider.decide({ ...command(body), master: masterOf(entity) }, initialMemberState));
}

/** The decider's answer on the same body (its events, or the problems it refuses it with). */
const decided = (body: Record<string, unknown>) =>
  outcome(() => memberDecider.decide(command(structuredClone(body)), initialMemberState));

function outcome(decide: () => MemberEvent[]): { errors: unknown } | { events: MemberEvent[] } | { thrown: string } {
  try {
    return { events: decide() };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors };
    return { thrown: String(error) };
  }
}

function command(body: Record<string, unknown>) {
  const { shareAmount, ...master } = body;
  return {
    type: 'AdmitMember' as const,
    memberId: M,
    cooperativeId: COOP,
    memberNr: 7,
    master: master as MemberMasterInput,
    shareAmount: shareAmount as number,
    balanceId: 'b-1',
    terms,
    closedThrough: null,
  };
}

/** An admission as the import hands it over (a members row of the bench's register, its choices read as codes: choice-words.ts). */
const BASE: Record<string, unknown> = {
  memberType: 1,
  position: 0,
  salutation: 'Frau',
  postalSalutation: 'female',
  name: 'Weiß',
  givenName: 'Özlem',
  birthDate: '1970-05-17',
  legalForm: 0,
  civilStatus: 1,
  street: 'Hauptstraße',
  streetHomeNumber: '12',
  zipCode: '80331',
  city: 'München',
  state: 'by',
  isForeign: false,
  privateEmail: 'mitglied1@example.org',
  bankname: 'Musterbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  entryDate: '2015-01-05',
  approvalDate: '2015-01-20',
  interestBegin: '2015-02-01',
  manualTaxId: '86095742719',
  shareAmount: 5,
};

/** Values a register's cell can hold after typing, and the wrong ones clerks and attackers send. */
const VALUES: readonly unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  ' Frau ',
  'Herr',
  'Sehr geehrte Frau',
  'verheiratet',
  'Bayern',
  'nw',
  'female',
  '2015-01-05',
  '2031-01-01',
  '1800-01-01',
  '2015-02-30',
  '05.01.2015',
  '2015-01-05T00:00:00Z',
  0,
  1,
  2,
  3,
  -1,
  1.5,
  1e21,
  '7',
  ' 7 ',
  true,
  false,
  'ja',
  [],
  ['x'],
  { a: 1 },
  'DE89370400440532013000',
  'DE89 3704 0044 0532 0130 01',
  'COBADEFF',
  '12345678901',
  '86095742719',
  'a'.repeat(300),
  'mitglied@example',
  '\u0000',
];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIELDS = [...WRITABLE_FIELDS.members] as string[];

describe('an admission the import replays answers as the request class MemberAdmission does (decision 249)', () => {
  it('the register row as it is: the same decision', () => {
    const answer = decided(BASE);
    expect(answer).toMatchObject({ events: expect.any(Array) });
    expect(answer).toEqual(reference(BASE));
  });

  it('every field with every value: the same problems in the same order, or the same decision', () => {
    let refused = 0;
    for (const field of FIELDS) {
      for (const value of VALUES) {
        const body = { ...BASE, [field]: value };
        if (value === undefined) delete body[field];
        const expected = reference(body);
        if ('errors' in expected) refused += 1;
        expect({ field, value, answer: decided(body) }).toEqual({ field, value, answer: expected });
      }
    }
    expect(refused).toBeGreaterThan(FIELDS.length); // the values break rules of every kind
  });

  it('several fields wrong at once (600 drawn bodies): the same problems in the same order', () => {
    const draw = random(249);
    for (let i = 0; i < 600; i++) {
      const body: Record<string, unknown> = { ...BASE };
      const changes = 1 + Math.floor(draw() * 5);
      for (let k = 0; k < changes; k++) {
        const field = FIELDS[Math.floor(draw() * FIELDS.length)]!;
        const value = VALUES[Math.floor(draw() * VALUES.length)];
        if (value === undefined) delete body[field];
        else body[field] = value;
      }
      expect({ body, answer: decided(body) }).toEqual({ body, answer: reference(body) });
    }
  });
});
