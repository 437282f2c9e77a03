import { describe, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, err, M, member, posted, subscribed, terms } from '../kernel/testing/member-events.js';
import { post, refuses, spec } from './testing/ledger-spec.js';
import { exitOn, notice, noticed, withPeriod } from './testing/membership-end.js';

/** Issue 22: every way a membership ends takes effect at the end of a financial year (GenG § 65, § 67b, § 68, § 77, § 77a). */

describe('membership end: notice of termination (8)', () => {
  it('takes effect at the end of the same year when the notice comes at least three months before (30.09 -> 31.12.2026)', () => {
    spec
      .given(member)
      .when(post(8, null, notice('2026-09-30')))
      .then([noticed({}), posted('b-new', 8, 3, { date: '2026-12-31' }), exitOn('2026-12-31')]);
  });

  it('takes effect a year later when the notice comes later (01.10.2026 -> 31.12.2027)', () => {
    spec
      .given(member)
      .when(post(8, null, notice('2026-10-01')))
      .then([
        noticed({ noticeDate: '2026-10-01', effectiveDate: '2027-12-31' }),
        posted('b-new', 8, 3, { date: '2027-12-31' }),
        exitOn('2027-12-31'),
      ]);
  });

  it("applies the statutes' longer period: 24 months from 01.03.2026 -> 31.12.2028", () => {
    spec
      .given(member)
      .when(post(8, null, { ...notice('2026-03-01'), ...withPeriod(24) }))
      .then([
        noticed({ noticeDate: '2026-03-01', effectiveDate: '2028-12-31', noticePeriodMonths: 24 }),
        posted('b-new', 8, 3, { date: '2028-12-31' }),
        exitOn('2028-12-31'),
      ]);
  });

  it('ignores the typed date: the posting is dated on the effective date', () => {
    spec
      .given(member)
      .when(post(8, null, { ...notice('2026-09-30'), date: '2026-09-30' }))
      .then([noticed({}), posted('b-new', 8, 3, { date: '2026-12-31' }), exitOn('2026-12-31')]);
  });

  it('refuses a notice before the membership began, naming the admission (declared 01.06., admitted 05.06.2025)', () => {
    refuses(member, post(8, null, notice('2025-05-31')), [err('noticeDate', 'endBeforeAdmission', '2025-06-05')]);
  });

  it('refuses a dispatch date, which only an exclusion has', () => {
    refuses(member, post(8, null, notice('2026-09-30', { dispatchDate: '2026-10-01' })), [
      err('dispatchDate', 'mustBeEmpty'),
    ]);
  });
});

describe('membership end: extraordinary termination (§ 65 (3))', () => {
  it('runs three months instead of the statutory period, with its reason', () => {
    spec
      .given(member)
      .when(
        post(8, null, { ...notice('2027-09-30', { extraordinaryReason: ' Umzug ins Ausland ' }), ...withPeriod(24) }),
      )
      .then([
        noticed({ noticeDate: '2027-09-30', effectiveDate: '2027-12-31', extraordinaryReason: 'Umzug ins Ausland' }),
        posted('b-new', 8, 3, { date: '2027-12-31' }),
        exitOn('2027-12-31'),
      ]);
  });

  it('is open only after one full financial year of membership (entered 01.06.2025: from 01.01.2027)', () => {
    refuses(
      member,
      post(8, null, { ...notice('2026-09-30', { extraordinaryReason: 'Krankheit' }), ...withPeriod(24) }),
      [err('extraordinaryReason', 'extraordinaryNeedsFullYear', '2027-01-01')],
    );
  });

  it("is a notice's only: an exclusion with a reason is refused", () => {
    refuses(member, post(7, null, notice('2026-09-30', { extraordinaryReason: 'x' })), [
      err('extraordinaryReason', 'mustBeEmpty'),
    ]);
  });
});

describe('membership end: exclusion (7), death (6), dissolution (6 of a legal entity)', () => {
  it("ends an exclusion at the end of the year of the board's decision and records the dispatch date", () => {
    spec
      .given(member)
      .when(post(7, null, notice('2026-12-20', { dispatchDate: '2026-12-22' })))
      .then([
        noticed({
          reason: 'exclusion',
          noticeDate: '2026-12-20',
          dispatchDate: '2026-12-22',
          noticePeriodMonths: null,
        }),
        posted('b-new', 7, 3, { date: '2026-12-31' }),
        exitOn('2026-12-31', 'exclusion'),
      ]);
  });

  it('refuses a dispatch before the decision', () => {
    refuses(member, post(7, null, notice('2026-12-20', { dispatchDate: '2026-12-19' })), [
      err('dispatchDate', 'mustBeAtLeast', '2026-12-20'),
    ]);
  });

  it("passes a deceased member's shares to the heirs until the end of the year of death", () => {
    spec
      .given(member)
      .when(post(6, null, notice('2026-02-14')))
      .then([
        noticed({ reason: 'death', noticeDate: '2026-02-14', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2026-12-31' }),
        exitOn('2026-12-31', 'death'),
      ]);
  });

  it("records a legal entity's end as a dissolution (§ 77a), also at the end of that year", () => {
    spec
      .given([admitted({ legalForm: 1, givenName: null }), subscribed(3)])
      .when(post(6, null, notice('2026-02-14')))
      .then([
        noticed({ reason: 'dissolution', noticeDate: '2026-02-14', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2026-12-31' }),
        exitOn('2026-12-31', 'dissolution'),
      ]);
  });

  it('reads a legal form changed later', () => {
    spec
      .given([...member, { type: 'MemberDataChanged', data: { memberId: M, legalForm: 1 } }])
      .when(post(6, null, notice('2026-02-14')))
      .then([
        noticed({ reason: 'dissolution', noticeDate: '2026-02-14', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2026-12-31' }),
        exitOn('2026-12-31', 'dissolution'),
      ]);
  });

  it('refuses a death before the membership began, naming the admission', () => {
    refuses(member, post(6, null, notice('2025-01-01')), [err('noticeDate', 'endBeforeAdmission', '2025-06-05')]);
  });
});

describe('partial termination of further shares (2, § 67b)', () => {
  it('is dated on the end of the year the notice period reaches, with its notice date', () => {
    spec
      .given(member)
      .when(post(2, 1, notice('2026-10-01')))
      .then([posted('b-new', 2, 1, { date: '2027-12-31', noticeDate: '2026-10-01' })]);
  });

  it('checks the minimum against the holding on the effective date, naming holding and minimum', () => {
    const history = [...member, posted('b1', 1, 2, { date: '2026-06-01' })];
    // Five shares on 31.12.2026; at least two must remain.
    refuses(history, post(2, 4, { ...notice('2026-09-30'), terms: { ...terms, minimumShares: 2 } }), [
      err('quantity', 'withdrawalLeavesTooFew', '5', '2', '2026-12-31'),
    ]);
    spec
      .given(history)
      .when(post(2, 3, { ...notice('2026-09-30'), terms: { ...terms, minimumShares: 2 } }))
      .then([posted('b-new', 2, 3, { date: '2026-12-31', noticeDate: '2026-09-30' })]);
  });

  it('stands in the way of an earlier end: a death before a partial termination two years on is refused until the partial is annulled', () => {
    // Notice of one share with 24 months from 01.03.2026: 31.12.2028. A death in 2027 ends on 31.12.2027; the share
    // would stay on the account of a member who has left.
    const partial = [...member, posted('b2', 2, 1, { date: '2028-12-31', noticeDate: '2026-03-01' })];
    refuses(partial, post(6, null, notice('2027-05-04')), [
      err('noticeDate', 'postingAfterEnd', '2028-12-31', '2027-12-31'),
    ]);
    const annulled = [
      ...partial,
      {
        type: 'PostingAnnulled',
        data: {
          memberId: M,
          balanceId: 'b2x',
          annulPeer: 'b2',
          originalType: 2,
          quantity: 1,
          amount: 25000,
          date: '2028-12-31',
          approvalDate: null,
          interestBegin: null,
        },
      } as MemberEvent,
    ];
    spec
      .given(annulled)
      .when(post(6, null, notice('2027-05-04')))
      .then([
        noticed({ reason: 'death', noticeDate: '2027-05-04', effectiveDate: '2027-12-31', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2027-12-31' }),
        exitOn('2027-12-31', 'death'),
      ]);
  });

  it('counts a transfer dated before the effective date in the holding then', () => {
    const history = [...member, posted('b3', 3, 1, { date: '2026-11-01', transferTo: 'm-2', transferPeer: 'b4' })];
    refuses(history, post(2, 2, notice('2026-09-30')), [
      err('quantity', 'withdrawalLeavesTooFew', '2', '1', '2026-12-31'),
    ]);
  });
});
