import { IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { TAX_CERTIFICATE_VERSIONS, type TaxCertificateVersion } from '../events/tax-document-events.js';
import { AsText, IsFilled, MaxText, Satisfies, VisibleText, rule } from './rules.js';
import { TEXT_MAX } from '../limits.js';

/*
 * The tax certificates' register and corrections (issue 25; DOMAIN.md 6; docs/tax-documents.md):
 * `POST /dividend/tax-pdf/{id}/corrections` issues a corrected certificate, `GET /dividend/tax-pdf/{id}/issues` lists
 * every issue recorded.
 */

/** The longest reason of a correction kept. */
export const CORRECTION_REASON_MAX = 200;

/** `POST /dividend/tax-pdf/{id}/corrections`: the member whose certificate is corrected and why (§ 45a Abs. 6 EStG). */
export class TaxCertificateCorrection {
  /** A member id of the closure. */
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.id) member: string = '';
  /** 1 to 200 characters, printed on the certificate and recorded with it. */
  @AsText(true)
  @IsFilled(rule('mustNotBeEmpty'))
  @Satisfies(
    'isCorrectionReason',
    (v) => typeof v !== 'string' || v.length <= CORRECTION_REASON_MAX,
    rule('mustBeAtMost', String(CORRECTION_REASON_MAX)),
  )
  @VisibleText(true)
  reason: string = '';
}

/** One recorded issue of certificates (`TaxCertificateIssued`): `GET /dividend/tax-pdf/{id}/issues`. */
export class TaxCertificateIssueDto {
  @IsIn(TAX_CERTIFICATE_VERSIONS) readonly version!: TaxCertificateVersion;
  /** When issued (ISO timestamp). */
  @IsString() readonly at!: string;
  /** Who issued it. */
  @IsString() readonly user!: string;
  /** The correction's reason; null for an original or a replacement. */
  @IsOptional() @IsString() readonly reason!: string | null;
  /** The members it was issued to (with `?member=`: that member only). */
  @IsArray() @IsString({ each: true }) readonly memberIds!: string[];
}
