/*
 * A posting's payment (the share register's `rueckpfleinzahlung`) by date, from the register row's versions (issue 45,
 * decision 232): the part paid when posted counts from the posting's date, each payment and each return from its own
 * date, a register correction from the posting's date. One rule for the movement report's paid column and the member's
 * statement of account (decision 272).
 */

/** One dated change of a posting's payment: `cents` (signed like the amount) counting from `on`. */
export interface PaymentChange {
  readonly on: string;
  readonly cents: number;
}

/** A version of a posting's register row as read: the payment after it, and the day its change counts from. */
export interface PaymentVersion {
  readonly rueckpfleinzahlung: number;
  readonly effectiveDate?: string | null;
}

/**
 * The dated changes of a posting's payment from its register versions (oldest first): each version's payment less the
 * one before, counting from the version's effective date (one without, written before the date was kept, from the
 * posting's date), never before the posting itself.
 */
export function paymentChanges(postingDate: string, versions: readonly PaymentVersion[]): PaymentChange[] {
  let before = 0;
  return versions.map((v) => {
    const on = typeof v.effectiveDate === 'string' && v.effectiveDate > postingDate ? v.effectiveDate : postingDate;
    const change = { on, cents: v.rueckpfleinzahlung - before };
    before = v.rueckpfleinzahlung;
    return change;
  });
}

/**
 * A posting's register versions (payment and effective date), oldest first, as stored: one written before members
 * projector 2 has no `effectiveDate`, so each is checked here; a document without versions holds its payment alone
 * (`paid`, dated on the posting's date).
 */
export function registerVersions(versions: readonly unknown[], paid: number): PaymentVersion[] {
  const read = versions.flatMap((v): PaymentVersion[] => {
    if (typeof v !== 'object' || v === null) return [];
    const { rueckpfleinzahlung, effectiveDate } = v as Record<string, unknown>;
    return typeof rueckpfleinzahlung === 'number'
      ? [{ rueckpfleinzahlung, effectiveDate: typeof effectiveDate === 'string' ? effectiveDate : null }]
      : [];
  });
  return read.length > 0 ? read : [{ rueckpfleinzahlung: paid }];
}
