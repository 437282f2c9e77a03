import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ValidationError, type MemberEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { debitMemberDecider, type DebitMemberCommand } from './domain/mandate.decider.js';
import { mandateReferenceDecider } from './domain/mandate-reference.decider.js';

/* Issue 45 (DEBIT): mandates, returned debits and the claim of a mandate reference, as given/when/then. */
const spec = deciderSpec(debitMemberDecider);
const admitted = (iban: string | null = 'DE02120300000000202051'): MemberEvent =>
  ({
    type: 'MemberAdmitted',
    data: { memberId: 'm1', cooperativeId: 'c1', memberNr: 1, iban },
  }) as unknown as MemberEvent;
const granted: MemberEvent = {
  type: 'DirectDebitMandateGranted',
  data: { memberId: 'm1', mandateId: 'a1', reference: 'MREF-1', signedOn: '2025-01-01', kind: 'recurring' },
};
const received = (method: 'directDebit' | 'transfer' = 'directDebit'): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: 'm1',
    balanceId: 'b1',
    paymentId: 'p1',
    date: '2025-07-01',
    amount: 40_000,
    method,
    reference: null,
    collectionId: method === 'directDebit' ? 'dd1' : null,
    statementId: null,
  },
});
const grant = (fields: Partial<Extract<DebitMemberCommand, { type: 'GrantMandate' }>> = {}): DebitMemberCommand => ({
  type: 'GrantMandate',
  memberId: 'm1',
  cooperativeId: 'c1',
  mandateId: 'a1',
  reference: 'MREF-1',
  signedOn: '2025-01-01',
  kind: 'recurring',
  today: '2025-06-20',
  ...fields,
});
const returned = (
  fields: Partial<Extract<DebitMemberCommand, { type: 'ReturnPayment' }>> = {},
): DebitMemberCommand => ({
  type: 'ReturnPayment',
  memberId: 'm1',
  cooperativeId: 'c1',
  paymentId: 'p1',
  date: '2025-07-05',
  reason: 'MD06',
  today: '2025-07-10',
  ...fields,
});
const templates = (e: ValidationError): string[] => e.errors.map((x) => x.template);

describe('mandates', () => {
  it('grants a mandate to a member with an IBAN', () => {
    spec.given([admitted()]).when(grant()).then([granted]);
  });

  it('refuses a mandate on an IBAN outside the SEPA area, grants one on a Swiss IBAN (decision 409)', () => {
    spec
      .given([admitted('TR33 0006 1005 1978 6457 8413 26')])
      .when(grant())
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([{ field: null, template: 'mandateIbanOutsideSepa', parameters: { '0': 'TR' } }]),
      );
    spec
      .given([admitted('CH9300762011623852957')])
      .when(grant())
      .then([granted]);
  });

  it('refuses a mandate without a valid IBAN, signed in the future, or with a reference outside the SEPA set', () => {
    spec
      .given([admitted(null)])
      .when(grant())
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['mandateNeedsIban']));
    spec
      .given([admitted('DE00123')])
      .when(grant())
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['mandateNeedsIban']));
    spec
      .given([admitted()])
      .when(grant({ signedOn: '2025-06-21' }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          { field: 'signedOn', template: 'mandateSignedInFuture', parameters: { '0': '2025-06-20' } },
        ]),
      );
    for (const reference of ['MREF 1', 'Müller-1', 'x'.repeat(36), ''])
      spec
        .given([admitted()])
        .when(grant({ reference }))
        .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['mandateReferenceInvalid']));
  });

  it('answers another cooperative’s member as unknown', () => {
    spec
      .given([admitted()])
      .when(grant({ cooperativeId: 'c2' }))
      .thenThrows(NotFoundError);
    spec.given([]).when(grant()).thenThrows(NotFoundError);
  });

  it('revokes a mandate once', () => {
    spec
      .given([admitted(), granted])
      .when({
        type: 'RevokeMandate',
        memberId: 'm1',
        cooperativeId: 'c1',
        mandateId: 'a1',
        date: '2025-08-01',
        lastCollectionDate: null,
      })
      .then([{ type: 'DirectDebitMandateRevoked', data: { memberId: 'm1', mandateId: 'a1', date: '2025-08-01' } }]);
    spec
      .given([
        admitted(),
        granted,
        { type: 'DirectDebitMandateRevoked', data: { memberId: 'm1', mandateId: 'a1', date: '2025-08-01' } },
      ])
      .when({
        type: 'RevokeMandate',
        memberId: 'm1',
        cooperativeId: 'c1',
        mandateId: 'a1',
        date: '2025-08-02',
        lastCollectionDate: null,
      })
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['mandateAlreadyRevoked']));
    spec
      .given([admitted()])
      .when({
        type: 'RevokeMandate',
        memberId: 'm1',
        cooperativeId: 'c1',
        mandateId: 'a9',
        date: '2025-08-01',
        lastCollectionDate: null,
      })
      .thenThrows(NotFoundError);
  });

  it('refuses a revocation dated before the mandate was signed (decision 358)', () => {
    const revoke = (date: string, lastCollectionDate: string | null = null): DebitMemberCommand => ({
      type: 'RevokeMandate',
      memberId: 'm1',
      cooperativeId: 'c1',
      mandateId: 'a1',
      date,
      lastCollectionDate,
    });
    spec
      .given([admitted(), granted])
      .when(revoke('2024-12-31'))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          { field: 'date', template: 'mandateRevokedBeforeSigned', parameters: { '0': '2025-01-01' } },
        ]),
      );
    spec
      .given([admitted(), granted])
      .when(revoke('2025-01-01'))
      .then([{ type: 'DirectDebitMandateRevoked', data: { memberId: 'm1', mandateId: 'a1', date: '2025-01-01' } }]);
    // Nor before a debit collected under it (decision 374): the debit would stand as taken without a mandate.
    spec
      .given([admitted(), granted])
      .when(revoke('2026-12-03', '2026-12-04'))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          { field: 'date', template: 'mandateRevokedBeforeCollection', parameters: { '0': '2026-12-04' } },
        ]),
      );
    spec
      .given([admitted(), granted])
      .when(revoke('2026-12-04', '2026-12-04'))
      .then([{ type: 'DirectDebitMandateRevoked', data: { memberId: 'm1', mandateId: 'a1', date: '2026-12-04' } }]);
  });

  it('claims a reference once in the cooperative', () => {
    const claim = {
      type: 'ClaimMandateReference' as const,
      cooperativeId: 'c1',
      reference: 'MREF-1',
      memberId: 'm1',
      mandateId: 'a1',
    };
    deciderSpec(mandateReferenceDecider)
      .given([])
      .when(claim)
      .then([
        {
          type: 'MandateReferenceClaimed',
          data: { cooperativeId: 'c1', reference: 'MREF-1', memberId: 'm1', mandateId: 'a1' },
        },
      ]);
    deciderSpec(mandateReferenceDecider)
      .given([
        {
          type: 'MandateReferenceClaimed',
          data: { cooperativeId: 'c1', reference: 'mref-1', memberId: 'm2', mandateId: 'a2' },
        },
      ])
      .when(claim)
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          { field: 'reference', template: 'mandateReferenceTaken', parameters: { '0': 'MREF-1' } },
        ]),
      );
  });
});

describe('returned debits', () => {
  it('records a returned debit: the payment’s amount on its subscription, due again', () => {
    spec
      .given([admitted(), granted, received()])
      .when(returned())
      .then([
        {
          type: 'SharePaymentReturned',
          data: {
            memberId: 'm1',
            balanceId: 'b1',
            paymentId: 'p1',
            date: '2025-07-05',
            amount: 40_000,
            reason: 'MD06',
          },
        },
      ]);
  });

  it('refuses a payment not by direct debit, one returned already, a date before the payment, an unknown payment', () => {
    spec
      .given([admitted(), received('transfer')])
      .when(returned())
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['paymentNotDirectDebit']));
    const back: MemberEvent = {
      type: 'SharePaymentReturned',
      data: { memberId: 'm1', balanceId: 'b1', paymentId: 'p1', date: '2025-07-05', amount: 40_000, reason: null },
    };
    spec
      .given([admitted(), received(), back])
      .when(returned())
      .thenThrows(ValidationError, (e) => expect(e.errors[0]?.parameters).toEqual({ '0': '2025-07-05' }));
    spec
      .given([admitted(), received()])
      .when(returned({ date: '2025-06-30' }))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['returnBeforePayment']));
    spec.given([admitted()]).when(returned()).thenThrows(NotFoundError);
  });

  it('refuses a return dated after today (decision 357); today is taken', () => {
    spec
      .given([admitted(), received()])
      .when(returned({ date: '2199-12-31' }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([{ field: 'date', template: 'dateInFuture', parameters: { '0': '2199-12-31' } }]),
      );
    spec
      .given([admitted(), received()])
      .when(returned({ date: '2025-07-11' }))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['dateInFuture']));
    spec
      .given([admitted(), granted, received()])
      .when(returned({ date: '2025-07-10' }))
      .then([
        {
          type: 'SharePaymentReturned',
          data: {
            memberId: 'm1',
            balanceId: 'b1',
            paymentId: 'p1',
            date: '2025-07-10',
            amount: 40_000,
            reason: 'MD06',
          },
        },
      ]);
  });

  it('books a collection’s debits only once', () => {
    const book: DebitMemberCommand = {
      type: 'BookDebits',
      memberId: 'm1',
      collectionId: 'dd1',
      collectionDate: '2025-07-01',
      messageId: 'LS1',
      items: [{ memberId: 'm1', balanceId: 'b1', mandateId: 'a1', paymentId: 'p1', amount: 40_000, sequence: 'FRST' }],
    };
    spec.given([admitted(), received()]).when(book).then([]);
  });
});
