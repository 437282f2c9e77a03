import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@coop/contracts';
import { err, M, M2, ON } from '../../kernel/testing/member-events.js';
import { postingRequestErrors, readPosting, type PostingRequest } from './posting.input.js';

describe('postingRequestErrors (SPEC section 5 "Balance")', () => {
  const req = { member: M, quantity: 1, ...ON };

  it('accepts a complete request', () => expect(postingRequestErrors({ ...req, type: 1 })).toEqual([]));
  it('requires the type', () => expect(postingRequestErrors({ ...req, type: null })).toEqual([err('type', 'mustNotBeEmpty')]));
  it.each([0, 9, -1, 1.5])('refuses type %p (0 comes only with the admission)', (type) => {
    expect(postingRequestErrors({ ...req, type })).toEqual([err('type', 'invalidChoice', String(type))]);
  });
  it('requires member and the three dates for types other than 5', () => {
    expect(postingRequestErrors({ member: '', type: 2, quantity: 1 })).toEqual([
      err('member', 'mustNotBeEmpty'),
      err('date', 'mustNotBeEmpty'),
      err('approvalDate', 'mustNotBeEmpty'),
      err('interestBegin', 'mustNotBeEmpty'),
    ]);
  });
  it.each([0, -1, 1.5, Number.NaN])('refuses the quantity %p with invalidNumber', (quantity) => {
    expect(postingRequestErrors({ ...req, type: 1, quantity })).toEqual([err('quantity', 'invalidNumber')]);
  });
  it('requires the quantity of additional shares and withdrawals', () => {
    expect(postingRequestErrors({ ...req, type: 2, quantity: null })).toEqual([err('quantity', 'mustNotBeEmpty')]);
  });
  it('refuses a date that is not YYYY-MM-DD (invalidDate)', () => {
    expect(postingRequestErrors({ ...req, type: 1, date: '10.06.2025' })).toEqual([err('date', 'invalidDate', '10.06.2025')]);
  });
  it.each([3, 6, 7, 8])('requires the three dates for type %i too', (type) => {
    expect(postingRequestErrors({ ...req, type, approvalDate: '', transferTo: type === 3 ? M2 : null })).toEqual([err('approvalDate', 'mustNotBeEmpty')]);
  });
  it.each([1, 2, 3, 4])('requires a whole quantity of at least 1 for type %i', (type) => {
    expect(postingRequestErrors({ ...req, type, quantity: 0, transferTo: type >= 3 ? M2 : null })).toEqual([err('quantity', 'invalidNumber')]);
  });
  it.each([3, 4])('requires transferTo for type %i (selectTarget)', (type) => {
    expect(postingRequestErrors({ ...req, type })).toEqual([err('transferTo', 'selectTarget')]);
  });
  it('refuses a transfer to the member itself', () => {
    expect(postingRequestErrors({ ...req, type: 3, transferTo: M })).toEqual([err('transferTo', 'canNotTransferToSelf')]);
  });
  it.each([1, 2, 5, 6, 7, 8])('refuses transferTo for type %i (mustBeEmpty)', (type) => {
    expect(postingRequestErrors({ ...req, type, transferTo: M2, annulPeer: type === 5 ? 'b1' : null })).toEqual([err('transferTo', 'mustBeEmpty')]);
  });
  it('requires annulPeer for 5 and nothing else', () => {
    expect(postingRequestErrors({ member: null, type: 5, annulPeer: null })).toEqual([err('annulPeer', 'mustNotBeEmpty')]);
    expect(postingRequestErrors({ member: null, type: 5, annulPeer: 'b1' })).toEqual([]);
  });
  it('refuses annulPeer for other types (mustBeEmpty)', () => {
    expect(postingRequestErrors({ ...req, type: 1, annulPeer: 'b1' })).toEqual([err('annulPeer', 'mustBeEmpty')]);
  });
  it('needs no quantity for 6, 7, 8', () => expect(postingRequestErrors({ ...req, type: 8, quantity: null })).toEqual([]));
});

describe('readPosting: the typed posting of a request', () => {
  const refused = (request: PostingRequest): unknown => {
    try {
      readPosting(request);
    } catch (error) {
      if (error instanceof ValidationError) return error.errors;
      throw error;
    }
    throw new Error('not refused');
  };

  it.each([0, 4])('refuses type %i before anything else (0 comes with the admission, 4 with a transfer)', (type) => {
    expect(refused({ member: null, type })).toEqual([err('type', 'invalidChoice', String(type))]);
  });
  it('refuses a request of the wrong shape with every shape error', () => {
    expect(refused({ member: ' ', type: 1, quantity: 0, ...ON })).toEqual([err('member', 'mustNotBeEmpty'), err('quantity', 'invalidNumber')]);
  });
  it('reads additional shares and withdrawals with their quantity, the member trimmed', () => {
    expect(readPosting({ member: ` ${M} `, type: 2, quantity: 3, ...ON })).toEqual({ type: 2, member: M, quantity: 3, ...ON });
  });
  it('reads an exit without a quantity: the whole holding goes', () => {
    expect(readPosting({ member: M, type: 8, quantity: 5, ...ON })).toEqual({ type: 8, member: M, ...ON });
  });
  it('reads a transfer with its target trimmed', () => {
    expect(readPosting({ member: M, type: 3, quantity: 1, transferTo: ` ${M2} `, ...ON })).toEqual({ type: 3, member: M, quantity: 1, transferTo: M2, ...ON });
  });
  it('reads an annulation with the dates given, none required', () => {
    expect(readPosting({ member: null, type: 5, annulPeer: ' b1 ', date: '2025-06-12', approvalDate: '' })).toEqual({ type: 5, annulPeer: 'b1', date: '2025-06-12' });
  });
});
