import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  fieldError,
  memberDataSubject,
  NotFoundError,
  taxCertificatesStream,
  ValidationError,
  type EventStore,
  type KeyStore,
  type TaxCertificateIssued,
} from '@coop/contracts';
import { EVENT_STORE, KEY_STORE } from '../platform/tokens.js';
import {
  certificateRegister,
  issuedEvents,
  versionOf,
  type CertificateRegister,
} from './domain/certificate-register.js';
import {
  issuerErrors,
  taxCertificatesPdf,
  type CertificateData,
  type CertificateIssuer,
} from './render/tax-certificate-pdf.js';
import { TaxDocumentsSource, type CertificateFacts } from './queries/tax-documents-source.js';
import { inRenderTurn, type RenderTurn } from '../platform/render-thread/render-gate.js';
import { downloadName, fileNamePart } from '../platform/http/attachment.js';

/** Certificates made: the PDF, the events recording them and the revision of the register they were decided at. */
export interface MadeCertificates {
  readonly pdf: Buffer;
  readonly members: number;
  readonly events: TaxCertificateIssued[];
  readonly expected: CertificateRegister['expected'];
  /** The download's name: `Steuerbescheinigungen-<year>-<cooperative>.pdf`, one member's `Steuerbescheinigung-<year>-Mitglied-<nr>-<cooperative>.pdf`. */
  readonly name: string;
}

/** The name of a closure's certificates as a download (issue 43; it was `taxpdf.pdf`). */
export function certificatesFileName(
  year: string,
  cooperative: string,
  memberNr: number | null,
  corrected = false,
): string {
  const what =
    memberNr === null
      ? ['Steuerbescheinigungen']
      : [corrected ? 'Berichtigte-Steuerbescheinigung' : 'Steuerbescheinigung'];
  return downloadName(
    [
      ...what,
      year,
      ...(memberNr === null ? [] : ['Mitglied', String(memberNr)]),
      fileNamePart(cooperative, 'Genossenschaft'),
    ],
    'pdf',
  );
}

/**
 * What a certificate states (its issuer and its facts, without version and reason) as an HMAC-SHA256 under the member's
 * own key: it tells the same certificate from a changed one, and once the member is erased (the key deleted) it can no
 * longer be matched against a guess of the name or address it was made of.
 */
export function certificateDigest(memberKey: Buffer, issuer: CertificateIssuer, facts: CertificateFacts): string {
  return createHmac('sha256', memberKey).update(JSON.stringify({ issuer, facts })).digest('hex');
}

/** The tax certificates of a closure (DOMAIN.md 6): what they hold, their version, the PDF. Writes nothing itself. */
@Injectable()
export class TaxCertificates {
  constructor(
    private readonly source: TaxDocumentsSource,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
  ) {}

  /** The number of certificates `memberId` (or the whole closure) asks for; the closure must exist (404 otherwise). */
  async count(cooperativeId: string, dividendId: string, memberId: string | null): Promise<number> {
    const closure = await this.source.closure(cooperativeId, dividendId);
    return memberId !== null ? 1 : closure.memberCount;
  }

  /** The cooperative as issuer; refused (400) without its tax office or tax number, which every certificate carries. */
  async issuer(cooperativeId: string): Promise<CertificateIssuer> {
    const issuer = await this.source.issuer(cooperativeId);
    const errors = issuerErrors(issuer);
    if (errors.length > 0) throw new ValidationError(errors);
    return issuer;
  }

  async make(
    cooperativeId: string,
    dividendId: string,
    memberId: string | null,
    at: string,
    onPage?: (done: number, total: number) => void,
    turn: Omit<RenderTurn, 'cooperativeId'> = {},
  ): Promise<MadeCertificates> {
    const closure = await this.source.closure(cooperativeId, dividendId);
    const issuer = await this.issuer(cooperativeId);
    const register = certificateRegister(await this.events.readStream(taxCertificatesStream(dividendId)));
    const facts = await this.source.certificates(cooperativeId, dividendId, memberId);
    const certificates: CertificateData[] = facts.map((f) => ({ ...f, version: versionOf(register, f.memberId) }));
    // In its turn at the process's render gate (decision 372): a request beyond its places is refused 503 `renderBusy`.
    const pdf = await inRenderTurn({ cooperativeId, ...turn }, () =>
      taxCertificatesPdf(issuer, certificates, (done) => onPage?.(done, certificates.length), at),
    );
    const name = certificatesFileName(
      String(closure.year),
      issuer.name,
      memberId === null ? null : (certificates[0]?.memberNr ?? null),
    );
    return {
      pdf,
      members: certificates.length,
      events: issuedEvents(dividendId, certificates, at),
      expected: register.expected,
      name,
    };
  }

  /**
   * A corrected certificate of one member (§ 45a Abs. 6 EStG): re-rendered from today's data, marked "Berichtigte
   * Bescheinigung" with the reason, recorded as `corrected`. Refused (400 `taxCertificateNotIssued`) when the member was
   * never issued one in the closure; 404 `memberNotFound` when the member has no result in it. Asked again while the
   * member's last certificate is a corrected one and it would state what that states (a retry, a second click, a clerk
   * beside): that one is answered again as issued (its reason and time, the same bytes) and nothing is recorded, since it is not
   * incorrect (§ 45a Abs. 6 EStG); with another reason, refused (400 `taxCertificateUnchanged` [its day]).
   */
  async correct(
    cooperativeId: string,
    dividendId: string,
    memberId: string,
    reason: string,
    at: string,
    gone?: AbortSignal,
  ): Promise<MadeCertificates> {
    const closure = await this.source.closure(cooperativeId, dividendId);
    const issuer = await this.issuer(cooperativeId);
    const [facts] = await this.source.certificates(cooperativeId, dividendId, memberId);
    if (facts === undefined) throw new NotFoundError('Member', memberId);
    const register = certificateRegister(await this.events.readStream(taxCertificatesStream(dividendId)));
    if (!register.issued.has(memberId)) throw new ValidationError([fieldError('member', 'taxCertificateNotIssued')]);
    // A member without a key (no sealed data) has no digest: each correction of it is recorded, as before digests.
    const key = await this.keys.find(memberDataSubject(memberId));
    const digest = key === undefined ? undefined : certificateDigest(key, issuer, facts);
    // Only the member's last certificate can be asked again: after a later issue (a replacement from the data of its
    // day) the member may hold another content, and a correction is a new one (§ 45a Abs. 6 EStG).
    const last = register.lastVersions.get(memberId) === 'corrected' ? register.corrections.get(memberId) : undefined;
    const repeat = last !== undefined && digest !== undefined && last.digest === digest ? last : null;
    if (repeat !== null && repeat.reason !== reason)
      throw new ValidationError([fieldError('reason', 'taxCertificateUnchanged', repeat.at.slice(0, 10))]);
    const issue = repeat ?? { reason, at };
    const certificate: CertificateData = { ...facts, version: 'corrected', correctionReason: issue.reason };
    const pdf = await inRenderTurn({ cooperativeId, gone }, () =>
      taxCertificatesPdf(issuer, [certificate], undefined, issue.at),
    );
    const event: TaxCertificateIssued = {
      type: 'TaxCertificateIssued',
      data: { dividendId, memberIds: [memberId], version: 'corrected', at, reason, ...(digest ? { digest } : {}) },
    };
    return {
      pdf,
      members: 1,
      events: repeat !== null ? [] : [event],
      expected: register.expected,
      name: certificatesFileName(String(closure.year), issuer.name, facts.memberNr, true),
    };
  }
}
