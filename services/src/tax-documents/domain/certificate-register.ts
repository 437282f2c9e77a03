import { taxCertificatesStream, type RecordedEvent, type TaxCertificateIssued, type TaxCertificateVersion } from '@coop/contracts';

/** The certificate register of a closure: who already got a certificate, and the stream's revision. */
export interface CertificateRegister {
  readonly issued: ReadonlySet<string>;
  /** The revision to append at (`no_stream` when nothing was issued). */
  readonly expected: number | 'no_stream';
}

/** Folds `taxcertificates-<dividendId>`. */
export function certificateRegister(events: readonly RecordedEvent[]): CertificateRegister {
  const issued = new Set<string>();
  let expected: number | 'no_stream' = 'no_stream';
  for (const e of events) {
    expected = e.revision;
    if (e.type === 'TaxCertificateIssued') for (const id of (e.data as TaxCertificateIssued['data']).memberIds) issued.add(id);
  }
  return { issued, expected };
}

/**
 * The version of each member's certificate now: `original` for the first issue, `replacement` ("Ersatzbescheinigung",
 * § 45a Abs. 5 EStG) when issued again unchanged. A closure is final (its results never change), so a corrected
 * certificate does not arise from a closure; the version exists for the event's sake.
 */
export function versionOf(register: CertificateRegister, memberId: string): TaxCertificateVersion {
  return register.issued.has(memberId) ? 'replacement' : 'original';
}

/** The events recording an issue: one per version, naming the members by id. */
export function issuedEvents(dividendId: string, versions: readonly { memberId: string; version: TaxCertificateVersion }[], at: string): TaxCertificateIssued[] {
  const byVersion = new Map<TaxCertificateVersion, string[]>();
  for (const v of versions) byVersion.set(v.version, [...(byVersion.get(v.version) ?? []), v.memberId]);
  return [...byVersion].map(([version, memberIds]) => ({ type: 'TaxCertificateIssued', data: { dividendId, memberIds, version, at } }));
}

export { taxCertificatesStream };
