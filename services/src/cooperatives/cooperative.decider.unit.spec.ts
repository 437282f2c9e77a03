import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DIVIDEND_SETTINGS,
  fieldError,
  NotFoundError,
  ValidationError,
  type CooperativeEvent,
  type CooperativeFields,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { cooperativeDecider, type CooperativeCommand } from './domain/cooperative.decider.js';

const spec = deciderSpec(cooperativeDecider);
const COOP = 'coop-1';

const valid: CooperativeFields = {
  name: 'Bäckerei eG',
  fullName: 'Bäckereigenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  email: 'info@baeckerei.example.de',
  contactPerson: 'Erika Mustermann',
  url: 'https://baeckerei.example.de',
  taxId: '1121081508150',
  taxOffice: 'Finanzamt Berlin-Mitte/Tiergarten',
  bankname: 'Commerzbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  balanceCost: 10000,
  minimumShares: 1,
  noticePeriodMonths: 3,
  interestBeginRule: 'nextMonth',
  ...DEFAULT_DIVIDEND_SETTINGS,
};

const register = (fields: Partial<CooperativeFields>, bootstrap = false): CooperativeCommand => ({
  type: 'RegisterCooperative',
  cooperativeId: COOP,
  fields,
  bootstrap,
});
const update = (fields: Partial<CooperativeFields>): CooperativeCommand => ({
  type: 'UpdateCooperative',
  cooperativeId: COOP,
  fields: { ...valid, ...fields },
});
const registered = (fields: Partial<CooperativeFields> & { name: string } = valid): CooperativeEvent => ({
  type: 'CooperativeRegistered',
  data: { ...fields, cooperativeId: COOP },
});

/*
 * The decider decides what needs the stream (decision 242): whether the cooperative exists, which fields changed. Its
 * fields arrive read and checked by the request classes (commands/cooperative-input.ts); the shape checks that were
 * tested here (text filled and trimmed, tax number, IBAN, BIC, email, URL, the ranges and choices) moved with their
 * cases to cooperative-input.unit.spec.ts.
 */

describe('cooperative decider: RegisterCooperative', () => {
  it('registers a cooperative with every field', () => {
    spec
      .given([])
      .when(register(valid))
      .then([{ type: 'CooperativeRegistered', data: { ...valid, cooperativeId: COOP } }]);
  });

  it('refuses to register the same cooperative twice', () => {
    spec
      .given([registered()])
      .when(register(valid))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError(null, 'invalidChoice', COOP)]));
  });

  describe('bootstrap (first start)', () => {
    it('registers by name only', () => {
      spec
        .given([])
        .when(register({ name: 'Bäckerei eG', minimumShares: 1 }, true))
        .then([
          { type: 'CooperativeRegistered', data: { name: 'Bäckerei eG', minimumShares: 1, cooperativeId: COOP } },
        ]);
    });

    it('defaults minimumShares to 1 and noticePeriodMonths to 3, so completing the record later does not report them as changed', () => {
      const { name: _name, minimumShares: _ms, noticePeriodMonths: _np, ...rest } = valid;
      spec
        .given([registered({ name: valid.name })])
        .when(update({}))
        .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: rest } }]);
    });
  });
});

describe('cooperative decider: UpdateCooperative', () => {
  it('emits only the changed fields', () => {
    spec
      .given([registered()])
      .when(update({ city: 'Potsdam', balanceCost: 5000 }))
      .then([
        { type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { city: 'Potsdam', balanceCost: 5000 } } },
      ]);
  });

  it('emits nothing when nothing changed', () => {
    spec.given([registered()]).when(update({})).then([]);
  });

  it('records a changed interest-begin rule', () => {
    spec
      .given([registered()])
      .when(update({ interestBeginRule: 'nextQuarter' }))
      .then([
        { type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { interestBeginRule: 'nextQuarter' } } },
      ]);
  });

  it('compares against the state after earlier updates', () => {
    spec
      .given([
        registered(),
        { type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { city: 'Potsdam' } } },
      ])
      .when(update({ city: 'Potsdam', zip: '14467' }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { zip: '14467' } } }]);
  });

  it('records a changed IBAN as read', () => {
    spec
      .given([registered()])
      .when(update({ iban: 'GB82WEST12345698765432' }))
      .then([
        { type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { iban: 'GB82WEST12345698765432' } } },
      ]);
  });

  it('the liability per share: none (null) on a cooperative recorded before the setting is no change', () => {
    spec
      .given([registered()])
      .when(update({ liabilityPerShare: null }))
      .then([]);
    spec
      .given([registered()])
      .when(update({ liabilityPerShare: 50_000 }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { liabilityPerShare: 50_000 } } }]);
  });

  it('the notice period: 3 months on a cooperative recorded without one is no change', () => {
    spec
      .given([registered()])
      .when(update({ noticePeriodMonths: 3 }))
      .then([]);
    spec
      .given([registered()])
      .when(update({ noticePeriodMonths: 24 }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { noticePeriodMonths: 24 } } }]);
  });

  it('answers an unknown cooperative as NotFoundError', () => {
    spec
      .given([])
      .when(update({}))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('Cooperative');
        expect(e.id).toBe(COOP);
      });
  });
});
