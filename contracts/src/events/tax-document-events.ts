import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Tax certificates of a closure (issue 25; DOMAIN.md 6), stream `taxcertificates-<dividendId>`: one event per issue of
// certificates, so the register of original and replacement certificates the law asks to keep (§ 45a Abs. 5 EStG) is
// the stream itself. Names members by id only (no personal data).
// ---------------------------------------------------------------------------------------------

/** original: the member's first certificate of the closure; replacement: issued again unchanged ("Ersatzbescheinigung"); corrected: "berichtigte Bescheinigung". */
export const TAX_CERTIFICATE_VERSIONS = ['original', 'replacement', 'corrected'] as const;
export type TaxCertificateVersion = (typeof TAX_CERTIFICATE_VERSIONS)[number];

/**
 * `reason`: why a `corrected` certificate replaces the earlier one (§ 45a Abs. 6 EStG: kept for the tax office); absent
 * on the other versions and in events recorded before corrections existed. `digest`: a `corrected` certificate's
 * content (HMAC-SHA256 of what it states under the member's key, unmatchable once the member is erased), so the same
 * correction asked again is answered as issued and not recorded twice; absent on the other versions and on
 * corrections recorded before it.
 */
export type TaxCertificateIssued = DomainEvent<
  'TaxCertificateIssued',
  {
    dividendId: string;
    memberIds: string[];
    version: TaxCertificateVersion;
    at: string;
    reason?: string;
    digest?: string;
  }
>;

export type TaxDocumentEvent = TaxCertificateIssued;
export const taxCertificatesStream = (dividendId: string): string => `taxcertificates-${dividendId}`;
