import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, ValidationError, type ElmaNumberEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { elmaNumberDecider, type ElmaNumberCommand } from './domain/elma-number.decider.js';

const spec = deciderSpec(elmaNumberDecider);

const ID = 'elma-1';
const COOP = 'coop-1';
const OTHER_COOP = 'coop-2';
const CREATED_AT = '2024-05-01T10:00:00.000Z';

const add = (elmaProcess: string, elmaNumber: string): ElmaNumberCommand => ({
  type: 'AddElmaNumber',
  elmaNumberId: ID,
  cooperativeId: COOP,
  elmaProcess,
  elmaNumber,
  createdAt: CREATED_AT,
});
const change = (elmaProcess: string, elmaNumber: string, cooperativeId = COOP): ElmaNumberCommand => ({
  type: 'ChangeElmaNumber',
  elmaNumberId: ID,
  cooperativeId,
  elmaProcess,
  elmaNumber,
});
const removeCmd = (cooperativeId = COOP): ElmaNumberCommand => ({
  type: 'RemoveElmaNumber',
  elmaNumberId: ID,
  cooperativeId,
});

const added = (elmaProcess: 'fs' | 'km' = 'fs', elmaNumber = '12345671'): ElmaNumberEvent => ({
  type: 'ElmaNumberAdded',
  data: { elmaNumberId: ID, cooperativeId: COOP, elmaProcess, elmaNumber, createdAt: CREATED_AT },
});
const removed: ElmaNumberEvent = { type: 'ElmaNumberRemoved', data: { elmaNumberId: ID } };

describe('elma number decider: AddElmaNumber', () => {
  it.each(['12345671', '30000001', '50000009', '79999999'])('adds the fs number %s', (n) => {
    spec
      .given([])
      .when(add('fs', n))
      .then([
        {
          type: 'ElmaNumberAdded',
          data: { elmaNumberId: ID, cooperativeId: COOP, elmaProcess: 'fs', elmaNumber: n, createdAt: CREATED_AT },
        },
      ]);
  });

  it('adds an 11-digit km number', () => {
    spec
      .given([])
      .when(add('km', '01234567890'))
      .then([
        {
          type: 'ElmaNumberAdded',
          data: {
            elmaNumberId: ID,
            cooperativeId: COOP,
            elmaProcess: 'km',
            elmaNumber: '01234567890',
            createdAt: CREATED_AT,
          },
        },
      ]);
  });

  it('trims the process and removes spaces inside the number', () => {
    spec
      .given([])
      .when(add(' fs ', ' 1234 5671 '))
      .then([
        {
          type: 'ElmaNumberAdded',
          data: {
            elmaNumberId: ID,
            cooperativeId: COOP,
            elmaProcess: 'fs',
            elmaNumber: '12345671',
            createdAt: CREATED_AT,
          },
        },
      ]);
  });

  it.each([
    ['ending in 0', '12345670'],
    ['starting with 2', '22345671'],
    ['starting with 9', '92345671'],
    ['starting with 0', '02345671'],
    ['7 digits', '1234567'],
    ['9 digits', '123456789'],
    ['a letter', '1234567a'],
  ])('refuses an fs number %s (%s) with invalidElmaFs', (_label, n) => {
    spec
      .given([])
      .when(add('fs', n))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaNumber', 'invalidElmaFs')]));
  });

  it.each([
    ['10 digits', '1234567890'],
    ['12 digits', '123456789012'],
    ['a letter', '1234567890a'],
  ])('refuses a km number with %s (%s) with invalidElmaKm', (_label, n) => {
    spec
      .given([])
      .when(add('km', n))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaNumber', 'invalidElmaKm')]));
  });

  it('does not apply the fs rule to km: an 8-digit fs number is no km number', () => {
    spec
      .given([])
      .when(add('km', '12345671'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaNumber', 'invalidElmaKm')]));
  });

  it.each(['', '   '])('refuses the empty number %j with mustNotBeEmpty', (n) => {
    spec
      .given([])
      .when(add('fs', n))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaNumber', 'mustNotBeEmpty')]));
  });

  it('refuses an empty process with mustNotBeEmpty', () => {
    spec
      .given([])
      .when(add(' ', '12345671'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaProcess', 'mustNotBeEmpty')]));
  });

  it.each(['xx', 'FS', 'fk'])('refuses the process %s with invalidChoice naming it', (p) => {
    spec
      .given([])
      .when(add(p, '12345671'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaProcess', 'invalidChoice', p)]));
  });

  it('reports an empty process and an empty number together', () => {
    spec
      .given([])
      .when(add('', ''))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          fieldError('elmaProcess', 'mustNotBeEmpty'),
          fieldError('elmaNumber', 'mustNotBeEmpty'),
        ]),
      );
  });

  it('refuses to add the same id twice', () => {
    spec
      .given([added()])
      .when(add('fs', '12345671'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError(null, 'invalidChoice', ID)]));
  });
});

describe('elma number decider: ChangeElmaNumber', () => {
  it('changes process and number', () => {
    spec
      .given([added()])
      .when(change('km', '12345678901'))
      .then([{ type: 'ElmaNumberChanged', data: { elmaNumberId: ID, elmaProcess: 'km', elmaNumber: '12345678901' } }]);
  });

  it('changes only the number', () => {
    spec
      .given([added()])
      .when(change('fs', '32345679'))
      .then([{ type: 'ElmaNumberChanged', data: { elmaNumberId: ID, elmaProcess: 'fs', elmaNumber: '32345679' } }]);
  });

  it('emits nothing when unchanged (also after normalising spaces)', () => {
    spec.given([added()]).when(change('fs', '12345671')).then([]);
    spec.given([added()]).when(change(' fs', '1234 5671')).then([]);
  });

  it('compares against the latest change', () => {
    spec
      .given([
        added(),
        { type: 'ElmaNumberChanged', data: { elmaNumberId: ID, elmaProcess: 'km', elmaNumber: '12345678901' } },
      ])
      .when(change('km', '12345678901'))
      .then([]);
  });

  it('validates the new number', () => {
    spec
      .given([added()])
      .when(change('fs', '12345670'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('elmaNumber', 'invalidElmaFs')]));
  });

  it('answers a number of another cooperative as NotFoundError', () => {
    spec
      .given([added()])
      .when(change('fs', '32345679', OTHER_COOP))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('Approval number');
        expect(e.id).toBe(ID);
      });
  });

  it('answers an unknown or removed number as NotFoundError', () => {
    spec.given([]).when(change('fs', '12345671')).thenThrows(NotFoundError);
    spec.given([added(), removed]).when(change('fs', '12345671')).thenThrows(NotFoundError);
  });
});

describe('elma number decider: RemoveElmaNumber', () => {
  it('removes the number', () => {
    spec.given([added()]).when(removeCmd()).then([removed]);
  });

  it('answers a number of another cooperative as NotFoundError', () => {
    spec.given([added()]).when(removeCmd(OTHER_COOP)).thenThrows(NotFoundError);
  });

  it('answers an already removed number as NotFoundError', () => {
    spec.given([added(), removed]).when(removeCmd()).thenThrows(NotFoundError);
  });
});
