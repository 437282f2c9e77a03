import { describe, expect, it } from '@jest/globals';
import {
  MEMBER_PERSONAL_FIELDS,
  memberDataSubject,
  memberNumberSequenceStream,
  memberNumberStream,
  memberStream,
  postingEffect,
  type MemberMasterData,
  type PostingType,
} from './events/member-events.js';
import { MEMBER_VALIDATION_TEMPLATES, memberFieldError } from './member-validation.js';

const posted = (type: PostingType, quantity: number, amount: number) =>
  ({
    type: 'SharesPosted',
    data: {
      memberId: 'm',
      balanceId: 'b',
      type,
      quantity,
      amount,
      shareCost: 25_000,
      date: '2025-01-01',
      approvalDate: '2025-01-01',
      interestBegin: '2025-01-01',
    },
  }) as const;

describe('member events', () => {
  it('names the streams', () => {
    expect(memberStream('m-1')).toBe('member-m-1');
    expect(memberNumberStream('coop-1', 42)).toBe('membernr-coop-1-42');
    expect(memberNumberSequenceStream('coop-1')).toBe('membernr-seq-coop-1');
    expect(memberDataSubject('m-1')).toBe('member-m-1');
  });

  it.each<[PostingType, number, number, number]>([
    [0, 3, 75_000, 3],
    [1, 2, 50_000, 2],
    [4, 1, 25_000, 1],
    [2, 1, -25_000, -1],
    [3, 2, -50_000, -2],
    [6, 4, -100_000, -4],
    [7, 4, -100_000, -4],
    [8, 4, -100_000, -4],
  ])(
    'type %i with quantity %i and amount %i changes the holding by %i shares and the amount',
    (type, quantity, amount, shares) => {
      expect(postingEffect(posted(type, quantity, amount))).toEqual({ shares, cents: amount });
    },
  );

  it('takes an annulation at its signed quantity and amount', () => {
    const annulled = {
      type: 'PostingAnnulled',
      data: {
        memberId: 'm',
        balanceId: 'b5',
        annulPeer: 'b2',
        originalType: 2,
        quantity: 1,
        amount: 25_000,
        date: '2025-02-01',
        approvalDate: null,
        interestBegin: null,
      },
    } as const;
    expect(postingEffect(annulled)).toEqual({ shares: 1, cents: 25_000 });
  });

  it('lists names, birth data, address, contact, bank, tax ids, church and spouse data as personal', () => {
    const personal: readonly string[] = MEMBER_PERSONAL_FIELDS;
    for (const f of [
      'name',
      'givenName',
      'birthName',
      'birthDate',
      'street',
      'zipCode',
      'city',
      'privateEmail',
      'privateTelephone',
      'iban',
      'bic',
      'bankname',
      'manualTaxId',
      'churchId',
      'spouse',
      'spouseName',
      'spouseBirthDate',
      'legalRepresentation',
    ]) {
      expect(personal).toContain(f);
    }
    for (const f of [
      'memberType',
      'position',
      'legalForm',
      'isForeign',
      'entryDate',
      'approvalDate',
      'interestBegin',
    ] satisfies (keyof MemberMasterData)[]) {
      expect(personal).not.toContain(f);
    }
  });

  it('builds field errors for the member templates with numbered parameters', () => {
    expect(memberFieldError('quantity', 'atLeastAmountMustRemain', '250,00')).toEqual({
      field: 'quantity',
      template: 'atLeastAmountMustRemain',
      parameters: { 0: '250,00' },
    });
    expect(new Set(MEMBER_VALIDATION_TEMPLATES).size).toBe(MEMBER_VALIDATION_TEMPLATES.length);
  });
});
