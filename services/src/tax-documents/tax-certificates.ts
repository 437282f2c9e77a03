import { Inject, Injectable } from '@nestjs/common';
import { taxCertificatesStream, type EventStore, type TaxCertificateIssued } from '@coop/contracts';
import { EVENT_STORE } from '../platform/tokens.js';
import { certificateRegister, issuedEvents, versionOf, type CertificateRegister } from './domain/certificate-register.js';
import { taxCertificatesPdf, type CertificateData } from './render/tax-certificate-pdf.js';
import { TaxDocumentsSource } from './queries/tax-documents-source.js';

/** Certificates made: the PDF, the events recording them and the revision of the register they were decided at. */
export interface MadeCertificates {
  readonly pdf: Buffer;
  readonly members: number;
  readonly events: TaxCertificateIssued[];
  readonly expected: CertificateRegister['expected'];
}

/** The tax certificates of a closure (DOMAIN.md 6): what they hold, their version, the PDF. Writes nothing itself. */
@Injectable()
export class TaxCertificates {
  constructor(
    private readonly source: TaxDocumentsSource,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** The number of certificates `memberId` (or the whole closure) asks for; the closure must exist (404 otherwise). */
  async count(cooperativeId: string, dividendId: string, memberId: string | null): Promise<number> {
    const closure = await this.source.closure(cooperativeId, dividendId);
    return memberId !== null ? 1 : Number(closure.memberCount ?? 0);
  }

  async make(cooperativeId: string, dividendId: string, memberId: string | null, at: string, onPage?: (done: number, total: number) => void): Promise<MadeCertificates> {
    await this.source.closure(cooperativeId, dividendId);
    const register = certificateRegister(await this.events.readStream(taxCertificatesStream(dividendId)));
    const facts = await this.source.certificates(cooperativeId, dividendId, memberId);
    const certificates: CertificateData[] = facts.map((f) => ({ ...f, version: versionOf(register, f.memberId) }));
    const issuer = await this.source.issuer(cooperativeId);
    const pdf = await taxCertificatesPdf(issuer, certificates, (done) => onPage?.(done, certificates.length));
    return { pdf, members: certificates.length, events: issuedEvents(dividendId, certificates, at), expected: register.expected };
  }
}
