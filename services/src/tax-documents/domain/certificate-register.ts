import {
  taxCertificatesStream,
  type RecordedEvent,
  type TaxCertificateIssued,
  type TaxCertificateIssueDto,
  type TaxCertificateVersion,
} from '@coop/contracts';

/** A member's latest corrected certificate as recorded: what it said (its digest; none before digests), why, when. */
export interface RecordedCorrection {
  readonly digest: string | null;
  readonly reason: string;
  readonly at: string;
}

/** The certificate register of a closure: who already got a certificate, and the stream's revision. */
export interface CertificateRegister {
  readonly issued: ReadonlySet<string>;
  /** Each member's latest corrected certificate (`TaxCertificates.correct` answers a repeat of it as it was). */
  readonly corrections: ReadonlyMap<string, RecordedCorrection>;
  /**
   * The version of each member's last issue: a correction is a repeat only while it is the member's last certificate
   * (an issue after it, made from the data of its day, may state something else).
   */
  readonly lastVersions: ReadonlyMap<string, TaxCertificateVersion>;
  /** The revision to append at (`no_stream` when nothing was issued). */
  readonly expected: number | 'no_stream';
}

/** Folds `taxcertificates-<dividendId>`. */
export function certificateRegister(events: readonly RecordedEvent[]): CertificateRegister {
  const issued = new Set<string>();
  const corrections = new Map<string, RecordedCorrection>();
  const lastVersions = new Map<string, TaxCertificateVersion>();
  let expected: number | 'no_stream' = 'no_stream';
  for (const e of events) {
    expected = e.revision;
    if (e.type !== 'TaxCertificateIssued') continue;
    const d = e.data as TaxCertificateIssued['data'];
    for (const id of d.memberIds) {
      issued.add(id);
      lastVersions.set(id, d.version);
      if (d.version === 'corrected')
        corrections.set(id, { digest: d.digest ?? null, reason: d.reason ?? '', at: d.at });
    }
  }
  return { issued, corrections, lastVersions, expected };
}

/** Every issue recorded in `taxcertificates-<dividendId>`, oldest first; with `memberId`, those naming that member only. */
export function certificateIssues(events: readonly RecordedEvent[], memberId: string | null): TaxCertificateIssueDto[] {
  const issues: TaxCertificateIssueDto[] = [];
  for (const e of events) {
    if (e.type !== 'TaxCertificateIssued') continue;
    const d = e.data as TaxCertificateIssued['data'];
    if (memberId !== null && !d.memberIds.includes(memberId)) continue;
    issues.push({
      version: d.version,
      at: d.at,
      user: e.metadata.user,
      reason: d.reason ?? null,
      memberIds: memberId !== null ? [memberId] : [...d.memberIds],
    });
  }
  return issues;
}

/**
 * The version of each member's certificate now: `original` for the first issue, `replacement` ("Ersatzbescheinigung",
 * § 45a Abs. 5 EStG) when issued again unchanged. A corrected certificate (`corrected`) is issued on its own route
 * with a reason (`TaxCertificates.correct`); after one, a plain issue again is a replacement.
 */
export function versionOf(register: CertificateRegister, memberId: string): TaxCertificateVersion {
  return register.issued.has(memberId) ? 'replacement' : 'original';
}

/** The events recording an issue: one per version, naming the members by id. */
export function issuedEvents(
  dividendId: string,
  versions: readonly { memberId: string; version: TaxCertificateVersion }[],
  at: string,
): TaxCertificateIssued[] {
  const byVersion = new Map<TaxCertificateVersion, string[]>();
  for (const v of versions) byVersion.set(v.version, [...(byVersion.get(v.version) ?? []), v.memberId]);
  return [...byVersion].map(([version, memberIds]) => ({
    type: 'TaxCertificateIssued',
    data: { dividendId, memberIds, version, at },
  }));
}

export { taxCertificatesStream };
