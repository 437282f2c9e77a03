/** The composition list of the business areas (areas.ts), as the platform and its worker threads take it. */
import { describe, expect, it } from '@jest/globals';
import {
  cooperativesProjector,
  dividendInputsProjector,
  dividendsProjector,
  elmaNumbersProjector,
  importsProjector,
  membersProjector,
  notificationsProjector,
  churchTaxProjector,
  directDebitsProjector,
  bankStatementsProjector,
  paymentRemindersProjector,
  paymentTermsProjector,
  settlementsProjector,
  shareDuesProjector,
  tasksProjector,
  taxPapersProjector,
  usersProjector,
} from '@coop/projections';
import { areas } from './areas.js';
import { importAreas } from './platform/areas.js';
import { Upcasters } from './platform/event-store/upcasters.js';

describe('the areas of the product', () => {
  it('run every projector of the product, in the order the runner applied them before the areas registered them', () => {
    expect(areas.names).toEqual([
      'cooperatives',
      'users',
      'elma-numbers',
      'members',
      'tax-papers',
      'dividend',
      'tasks',
      'notifications',
      'church-tax',
      'payouts',
      'data-protection',
      'member-import',
      'settlements',
      'share-payments',
      'payment-reminders',
      'bank-statements',
      'direct-debits',
    ]);
    expect(areas.projectors).toEqual([
      cooperativesProjector,
      usersProjector,
      elmaNumbersProjector,
      membersProjector,
      taxPapersProjector,
      // The closures before the inputs: they read the member's inputs document a payout then writes.
      dividendsProjector,
      dividendInputsProjector,
      tasksProjector,
      notificationsProjector,
      churchTaxProjector,
      // The import's history (issue 29): its own documents only, after every area whose events an import writes.
      importsProjector,
      // The settlements (issue 42): their own documents, from the member streams' ends and their own streams.
      settlementsProjector,
      // Issue 45: the share payments' dues and terms, the reminders, the bank statements, then the direct debits'
      // mandates, collections and payments.
      shareDuesProjector,
      paymentTermsProjector,
      paymentRemindersProjector,
      bankStatementsProjector,
      directDebitsProjector,
    ]);
  });

  it('seal the personal fields of these event types, and of no other', () => {
    const fields = Object.fromEntries(
      Object.entries(areas.personalData).map(([type, rule]) => [type, [...rule.fields]]),
    );
    expect(fields).toEqual({
      CooperativeRegistered: ['contactPerson', 'email'],
      UserCreated: ['username', 'passwordHash'],
      UserRenamed: ['username'],
      UserPasswordChanged: ['passwordHash'],
      UsernameClaimed: ['username'],
      UsernameReleased: ['username'],
      MemberAdmitted: expect.arrayContaining(['name', 'givenName', 'iban', 'birthDate']),
      MemberDataChanged: expect.arrayContaining(['name', 'givenName', 'iban', 'birthDate']),
      // The reason of an extraordinary notice of termination (§ 65 (3) GenG) tells of the member's situation.
      MembershipEndNoticed: ['extraordinaryReason'],
      // Church data is special-category data (Art. 9 GDPR; issue 24).
      ChurchDataRecorded: ['churchId', 'churchTaxRate'],
      ExemptionOrderRecorded: ['spouse'],
      ExemptionOrderCorrected: ['spouse'],
      NonAssessmentRecorded: ['orderNumber', 'taxAuthorities'],
      NonAssessmentCorrected: ['orderNumber', 'taxAuthorities'],
      // A payout's church id (religion, Art. 9 GDPR); its amounts stay for the tax retention periods.
      DividendMemberPaid: ['churchId', 'churchRate'],
      // The reason a member's data is held from the data-protection clean-up (issue 27).
      MemberRetentionHoldSet: ['reason'],
      MemberRetentionHoldCleared: ['reason'],
      // The account a settlement is paid to, the heirs' account and a correction's reason (issue 42).
      HeirsAccountRecorded: ['accountHolder', 'iban', 'bic'],
      SettlementPaid: ['accountHolder', 'iban', 'bic'],
      SettlementToppedUp: ['accountHolder', 'iban', 'bic'],
      SettlementReversed: ['reason'],
      // A bank statement's entries: the payers' names, IBANs and remittance texts (issue 45).
      BankStatementRead: ['entries'],
    });
  });

  it("seal each under its data subject's key: the user, the member (tax papers too), the cooperative's contact", () => {
    const subject = (type: string, data: Record<string, unknown>): string | undefined =>
      areas.personalData[type]?.subject(data);
    expect(subject('UserRenamed', { userId: 'u-1' })).toBe('user-u-1');
    expect(subject('MemberDataChanged', { memberId: 'm-1' })).toBe('member-m-1');
    expect(subject('NonAssessmentCorrected', { memberId: 'm-1', nonAssessmentId: 'n-1' })).toBe('member-m-1');
    expect(subject('CooperativeRegistered', { cooperativeId: 'c-1' })).toBe('cooperative-contact-c-1');
    expect(subject('DividendMemberPaid', { memberId: 'm-1', dividendId: 'd-1' })).toBe('member-m-1');
    expect(subject('SettlementPaid', { memberId: 'm-1', endBalanceId: 'b-1' })).toBe('member-m-1');
  });

  it('register no upcasters yet: every type reads at version 1 unchanged', () => {
    const current = new Upcasters(areas.upcasters);
    const data = { userId: 'u-1', username: 'anna' };
    expect(current.apply('UserCreated', 1, data)).toEqual({ data, version: 1 });
  });

  it('build the member list view (GET /members) from a member document', () => {
    expect(Object.keys(areas.views)).toEqual(['member']);
    const doc = { id: 'm-1', cooperativeId: 'c-1', position: '7', name: 'Abel', postings: [] };
    expect(areas.views.member?.(doc, { today: '2026-11-25' })).toMatchObject({ id: 'm-1', name: 'Abel' });
  });

  it('name this module for the worker threads, which import the same areas from it', async () => {
    expect(areas.module).toBe(new URL('./areas.ts', import.meta.url).href);
    expect(await importAreas(areas.module)).toBe(areas);
  });
});
