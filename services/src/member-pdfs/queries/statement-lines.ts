import { paymentChanges, registerVersions } from '../../kernel/register-payments.js';
import { sharesDay, type MemberDocument } from '../../members/index.js';
import type { BalanceDocument } from '../../share-ledger/index.js';
import type { StatementLine } from '../render/statement-pdf.js';

/*
 * The lines of a member's statement of account (issue 26): each posting up to the date with the running holding, and
 * since issue 45 the Geschäftsguthaben beside it (§ 7 GenG: what was paid in, which a transfer moves and an end pays
 * out, decisions 234, 265, 267): each posting's register payment (`rueckpfleinzahlung`) as it stood on the posting's
 * day, and each later payment or returned payment on a posting as a line of its own on its day (decision 272).
 */

/** The posting types in German words (SPEC.md "Balance" 0–8; the console's texts of the share register). */
export const POSTING_WORDS: Readonly<Record<number, string>> = {
  0: 'Erstzeichnung',
  1: 'Zeichnung weiterer Anteile',
  2: 'Teilkündigung',
  3: 'Übertragung an Mitglied',
  4: 'Übertragung von Mitglied',
  5: 'Storno',
  6: 'Tod',
  7: 'Ausschluss',
  8: 'Kündigung',
};

/** A payment on a posting after its day, and a payment returned (a returned direct debit), in the statement's words. */
export const PAYMENT_WORDS = { received: 'Einzahlung', returned: 'Rückbuchung Einzahlung' } as const;

/** A posting's words: its type, the other member of a transfer, and "(storniert)" once annulled. */
export function postingWords(balance: BalanceDocument | undefined): string {
  if (!balance) return '';
  const { type } = balance;
  let words = POSTING_WORDS[type] ?? String(type);
  if ((type === 3 || type === 4) && balance.transferMemberNr !== null) words += ` ${balance.transferMemberNr}`;
  if (balance.annulated) words += ' (storniert)';
  return words;
}

interface Entry {
  readonly date: string;
  readonly type: string;
  readonly shares: number;
  readonly cents: number;
  readonly paid: number;
  /** Postings of a day before the payments of that day, each in the order made. */
  readonly rank: number;
  readonly order: number;
}

/**
 * The statement lines of a member document up to `date`: every posting whose shares count by then (from its date, a
 * subscription from its later admission: `sharesDay`) on that day, in date order (postings of one day in the order they
 * were made), with the running holding; money paid on a declaration not yet admitted by the date is a payment line. An annulled posting and its annulation both appear
 * (the annulled one marked "(storniert)"), so the running holding is the register's at every line. Each posting's
 * payment is what its register versions count on its day (paid with it, or restated by a correction); a version
 * counting from a later day by the date (a payment, a return) is a line of its own with no shares, so the running
 * Geschäftsguthaben is the register's at every line too. A posting whose document is missing counts as paid in full.
 */
export function statementLines(
  doc: MemberDocument,
  date: string,
  balances: ReadonlyMap<string, BalanceDocument>,
): StatementLine[] {
  const entries: Entry[] = [];
  (doc.postings ?? []).forEach((p, i) => {
    if (p.d > date) return;
    const balance = balances.get(p.b);
    const changes = balance
      ? paymentChanges(p.d, registerVersions(balance.versions, balance.rueckpfleinzahlung))
      : [{ on: p.d, cents: p.a }];
    // The posting's line on the day its shares count (a subscription on its admission, § 15b GenG), as `holdingOn`,
    // with what was paid on it by then; before that day what was paid stands in lines of its own.
    const day = sharesDay(p);
    const shown = day <= date;
    if (shown) {
      const paid = changes.filter((c) => c.on <= day).reduce((sum, c) => sum + c.cents, 0);
      entries.push({ date: day, type: postingWords(balance), shares: p.s, cents: p.a, paid, rank: 0, order: i });
    }
    for (const c of changes) {
      if ((shown && c.on <= day) || c.on > date || c.cents === 0) continue;
      const type = c.cents > 0 ? PAYMENT_WORDS.received : PAYMENT_WORDS.returned;
      entries.push({ date: c.on, type, shares: 0, cents: 0, paid: c.cents, rank: 1, order: i });
    }
  });
  entries.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.rank - y.rank || x.order - y.order));
  let shares = 0;
  let cents = 0;
  let paid = 0;
  return entries.map((e) => {
    shares += e.shares;
    cents += e.cents;
    paid += e.paid;
    return {
      date: e.date,
      type: e.type,
      shares: e.shares,
      cents: e.cents,
      paid: e.paid,
      holdingShares: shares,
      holdingCents: cents,
      holdingPaid: paid,
      payment: e.rank === 1,
    };
  });
}
