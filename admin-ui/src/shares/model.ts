export interface ShareVersion {
  readonly cdcAction: string;
  readonly cdcUser: string;
  readonly cdcTimestamp: string;
  readonly rueckpfleinzahlung: number;
  readonly interestEnd: string | null;
}

/** A row of the share register (docs/api.md "shares"): one per posting. */
export interface ShareRecord {
  readonly id: string;
  readonly member: string;
  readonly memberNr: number | null;
  readonly process: number;
  readonly shareAmount: number;
  readonly rueckpfleinzahlung: number;
  readonly admissionDate: string | null;
  readonly date: string;
  readonly interestBegin: string | null;
  readonly interestEnd: string | null;
  readonly cdcUser: string;
  readonly cdcAction: string;
  readonly cdcTimestamp: string;
  readonly versions?: readonly ShareVersion[];
}
