import { describe, expect, it } from '@jest/globals';
import { err, M, M2, ON } from '../../kernel/testing/member-events.js';
import { postingRequestErrors } from './posting.input.js';

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

