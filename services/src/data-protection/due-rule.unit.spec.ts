import { describe, expect, it } from '@jest/globals';
import { retentionDecision, type RetentionFacts } from './domain/due-rule.js';

/** A member who left on 31.12.2014 with the holding booked out, nothing after the exit posting. */
const leftIn2014: RetentionFacts = {
  exitDate: '2014-12-31',
  shareAmount: 0,
  shareTotalEUR: 0,
  lastPostingDate: '2014-12-31',
  lastDividendDate: null,
  lastTaxDocumentDate: null,
  held: false,
  erased: false,
};

/** Why the member is not due (undefined when due). */
const why = (facts: RetentionFacts, today: string): string | undefined => {
  const d = retentionDecision(facts, today, 10);
  return d.due ? undefined : d.reason;
};

const given = (changes: Partial<RetentionFacts>): RetentionFacts => ({ ...leftIn2014, ...changes });

describe('the due rule (DOMAIN.md 9.3)', () => {
  it('given an exit on 31.12.2014 (settlement paid in 2015), when asked on 31.12.2025, then not due: the books of 2015 are kept to that day', () => {
    expect(retentionDecision(leftIn2014, '2025-12-31', 10)).toEqual({
      due: false,
      reason: 'retentionRunning',
      dueFrom: '2026-01-01',
    });
  });

  it('given the same member, when asked on 01.01.2026, then due (ten full years after the end of 2015)', () => {
    expect(retentionDecision(leftIn2014, '2026-01-01', 10)).toEqual({
      due: true,
      lastRelevantYear: 2015,
      dueFrom: '2026-01-01',
    });
  });

  it('given a member who left 9 years and 364 days ago, then not due', () => {
    expect(
      retentionDecision(given({ exitDate: '2016-12-31', lastPostingDate: '2016-12-31' }), '2026-12-30', 10).due,
    ).toBe(false);
  });

  it('given the last posting in a later year than the exit (a correction in 2017), then the period counts from that year', () => {
    const facts = given({ lastPostingDate: '2017-03-01' });
    expect(retentionDecision(facts, '2027-12-31', 10)).toEqual({
      due: false,
      reason: 'retentionRunning',
      dueFrom: '2028-01-01',
    });
    expect(retentionDecision(facts, '2028-01-01', 10).due).toBe(true);
  });

  it('given a dividend paid after the exit (for the exit year, in 2016), then the period counts from 2016', () => {
    const facts = given({ lastDividendDate: '2016-06-15' });
    expect(retentionDecision(facts, '2026-06-01', 10).due).toBe(false);
    expect(retentionDecision(facts, '2027-01-01', 10)).toEqual({
      due: true,
      lastRelevantYear: 2016,
      dueFrom: '2027-01-01',
    });
  });

  it('given a tax document issued after the exit (a replacement certificate in 2018), then the period counts from 2018', () => {
    expect(retentionDecision(given({ lastTaxDocumentDate: '2018-02-01' }), '2028-12-31', 10).due).toBe(false);
    expect(retentionDecision(given({ lastTaxDocumentDate: '2018-02-01' }), '2029-01-01', 10).due).toBe(true);
  });

  it('given the hold flag, then never due, however long ago', () => {
    expect(retentionDecision(given({ held: true }), '2060-01-01', 10)).toEqual({
      due: false,
      reason: 'held',
      dueFrom: '2026-01-01',
    });
  });

  it('given a holding not booked out (settlement not paid), then not due', () => {
    expect(why(given({ shareAmount: 1, shareTotalEUR: 10000 }), '2060-01-01')).toBe('settlementOpen');
    expect(why(given({ shareAmount: 0, shareTotalEUR: 5 }), '2060-01-01')).toBe('settlementOpen');
  });

  it('given a membership that has not ended, or ends later, then not due', () => {
    expect(why(given({ exitDate: null }), '2060-01-01')).toBe('notEnded');
    expect(why(given({ exitDate: '2061-12-31' }), '2060-01-01')).toBe('notEnded');
  });

  it('given a member already erased, then not due again', () => {
    expect(why(given({ erased: true }), '2060-01-01')).toBe('erased');
  });

  it('given a longer period set by the cooperative (12 years), then due two years later', () => {
    expect(retentionDecision(leftIn2014, '2027-12-31', 12).due).toBe(false);
    expect(retentionDecision(leftIn2014, '2028-01-01', 12).due).toBe(true);
  });

  it('given an exit in mid-year (settlement due within six months, same year), then the exit year counts', () => {
    const facts = given({ exitDate: '2014-05-31', lastPostingDate: '2014-05-31' });
    expect(retentionDecision(facts, '2025-01-01', 10)).toEqual({
      due: true,
      lastRelevantYear: 2014,
      dueFrom: '2025-01-01',
    });
  });
});

describe('the due rule with the recorded payout day of the settlement (issue 42)', () => {
  it('given a settlement paid late, on 15.03.2016, then the books of 2016 count: due from 2027, not 2026', () => {
    const paidLate = given({ settlementPaidOn: '2016-03-15' });
    expect(retentionDecision(paidLate, '2026-01-01', 10)).toEqual({
      due: false,
      reason: 'retentionRunning',
      dueFrom: '2027-01-01',
    });
    expect(retentionDecision(paidLate, '2027-01-01', 10)).toEqual({
      due: true,
      lastRelevantYear: 2016,
      dueFrom: '2027-01-01',
    });
  });

  it('given a settlement recorded as due (not paid), then never due: the settlement is open', () => {
    expect(why(given({ settlementPaidOn: null, settlementOpen: true }), '2040-01-01')).toBe('settlementOpen');
  });

  it('given a payout day still to come, then the settlement is open until it', () => {
    const recent = given({ exitDate: '2025-12-31', lastPostingDate: '2025-12-31', settlementPaidOn: '2026-02-10' });
    expect(why(recent, '2026-02-09')).toBe('settlementOpen');
  });
});
