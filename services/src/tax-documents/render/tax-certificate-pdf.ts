import { pdfDocument } from '../../platform/pdf/pdf-fonts.js';
import { fieldError, type FieldError, type TaxCertificateVersion } from '@coop/contracts';
import { euros, germanDate } from '../../kernel/german-format.js';
import { drawAddressLines } from '../../member-pdfs/index.js';

/** The issuer of the certificates: the cooperative paying its own dividend (DOMAIN.md 6, Muster II). */
export interface CertificateIssuer {
  readonly name: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly taxNumber: string;
  /** The tax office the tax was paid to: the cooperative's `taxOffice` (Betriebsstättenfinanzamt). */
  readonly taxOffice: string;
}

/**
 * What refuses certificates of this issuer (DOMAIN.md 6: the tax office and the tax number are on every certificate):
 * `missingCooperativeTaxOffice`, `missingCooperativeTaxNumber`, as the closure refuses a cooperative without bank data.
 */
export function issuerErrors(issuer: CertificateIssuer): FieldError[] {
  const errors: FieldError[] = [];
  if (issuer.taxOffice.trim() === '') errors.push(fieldError(null, 'missingCooperativeTaxOffice'));
  if (issuer.taxNumber.trim() === '') errors.push(fieldError(null, 'missingCooperativeTaxNumber'));
  return errors;
}

/** One member's certificate: the creditor and what the closure recorded for them (cents). */
export interface CertificateData {
  readonly memberId: string;
  readonly memberNr: number;
  /** The creditor's name as the certificate's body names them. */
  readonly name: string;
  /**
   * The postal address block as every letter to a member prints it (`recipientLines`): name, "vertreten durch …" of a
   * minor, street, place, and abroad the country's name in capitals.
   */
  readonly address: readonly string[];
  readonly year: number;
  readonly paymentDate: string;
  readonly gross: number;
  readonly exempt: number;
  readonly kapest: number;
  readonly soli: number;
  readonly churchTax: number;
  /** The religious community in words (`churchName`), or null without church tax. */
  readonly churchName: string | null;
  readonly basisOfTax: string;
  /**
   * Issue 45 (§ 19 Abs. 1 GenG, DOMAIN.md 1.6): the net after the taxes and the part of it credited to the
   * Geschäftsguthaben (absent or 0: nothing credited, the certificate is as before).
   */
  readonly net?: number;
  readonly credited?: number;
  readonly version: TaxCertificateVersion;
  /** Why a corrected certificate replaces the earlier one (§ 45a Abs. 6 EStG); printed on it. */
  readonly correctionReason?: string | null;
}

/** Why part of the income was not taxed (DOMAIN.md 6: the exempted part and why). */
export function exemptionReason(basisOfTax: string): string {
  switch (basisOfTax) {
    case 'nv100':
    case 'nv60':
      return 'Nichtveranlagungs-Bescheinigung (§ 44a Abs. 2 S. 1 Nr. 2 EStG)';
    case 'legalEntity':
      return 'Freistellung der Körperschaft (§ 44a Abs. 4, 5 EStG)';
    default:
      return 'Freistellungsauftrag (§ 44a Abs. 2 S. 1 Nr. 1 EStG)';
  }
}

const MARKS: Readonly<Record<TaxCertificateVersion, string | null>> = {
  original: null,
  replacement: 'Ersatzbescheinigung',
  corrected: 'Berichtigte Bescheinigung',
};

/**
 * The statement of a dividend credited to the Geschäftsguthaben (issue 45), printed below Muster II's lines (whose
 * content and order stay as the BMF prescribes): the capital income above is the whole gross, also where its net was
 * credited, since a credit is a Zufluss as a payout is (DOMAIN.md 1.6). Null when nothing was credited.
 */
export function creditNote(c: Pick<CertificateData, 'net' | 'credited'>): string | null {
  const credited = c.credited ?? 0;
  if (credited <= 0 || c.net === undefined) return null;
  return (
    `Von der Dividende nach Steuerabzug (${euros(c.net)} EUR) wurden ${euros(credited)} EUR Ihrem Geschäftsguthaben gutgeschrieben ` +
    `(§ 19 Abs. 1 GenG), ausgezahlt wurden ${euros(c.net - credited)} EUR. Die Gutschrift ist als Kapitalertrag zugeflossen.`
  );
}

const LEFT = 56;
const VALUE_X = 400;
const MARK_X = 320;

/**
 * The certificates as one A4 PDF, one member per page, on the content of Muster II (BMF 23.05.2022, "Steuerbescheinigung
 * einer leistenden Körperschaft"), Arimo embedded as 'Helvetica' (platform/pdf/pdf-fonts.ts: every Latin letter of a name). `onPage` is called after each page (progress).
 * `issuedAt` (ISO time of the recorded issue) is the file's creation date, so the same issue renders the same bytes.
 */
export function taxCertificatesPdf(
  issuer: CertificateIssuer,
  certificates: readonly CertificateData[],
  onPage?: (done: number) => void,
  issuedAt?: string,
): Promise<Buffer> {
  const doc = pdfDocument({
    size: 'A4',
    autoFirstPage: false,
    margin: 56,
    info: {
      Title: 'Steuerbescheinigungen',
      Author: issuer.name,
      ...(issuedAt !== undefined ? { CreationDate: new Date(issuedAt) } : {}),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  certificates.forEach((c, i) => {
    page(doc, issuer, c);
    onPage?.(i + 1);
  });
  if (certificates.length === 0) doc.addPage().font('Helvetica').fontSize(10).text('Keine Bescheinigungen.', LEFT, 56);
  doc.end();
  return done;
}

function page(doc: PDFKit.PDFDocument, issuer: CertificateIssuer, c: CertificateData): void {
  doc.addPage();
  doc.font('Helvetica').fontSize(9).text(`${issuer.name}, ${issuer.address}, ${issuer.zip} ${issuer.city}`, LEFT, 56);
  // The address beside the mark: each line wraps within its width (never under "Berichtigte Bescheinigung", never cut).
  const below = Math.max(200, drawAddressLines(doc.fontSize(11), c.address, LEFT, 110, MARK_X - LEFT - 10, 13.5) + 14);
  const mark = MARKS[c.version];
  // Right-aligned to the margin, on one line ("Berichtigte Bescheinigung" is wider than the value column).
  if (mark !== null)
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(mark, MARK_X, 110, { width: doc.page.width - 56 - MARK_X, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(13).text('Steuerbescheinigung einer leistenden Körperschaft', LEFT, below);
  doc.font('Helvetica').fontSize(9).text('(Muster II, BMF-Schreiben vom 23.05.2022, § 45a Abs. 2 EStG)');
  doc.fontSize(10).moveDown();
  doc.text(`Aussteller: ${issuer.name}, ${issuer.address}, ${issuer.zip} ${issuer.city}`);
  doc.text(`Gläubiger der Kapitalerträge: ${c.name} (Mitgliedsnummer ${c.memberNr})`);
  doc.text(`Kalenderjahr des Zuflusses: ${c.paymentDate.slice(0, 4)}   Geschäftsjahr der Ausschüttung: ${c.year}`);
  doc.text(`Zahlungstag: ${germanDate(c.paymentDate)}`);
  doc.moveDown();
  const rows: [string, string][] = [
    ['Höhe der Kapitalerträge (Dividende, § 20 Abs. 1 Nr. 1 EStG)', euros(c.gross)],
    ['davon nicht dem Steuerabzug unterworfen', euros(c.exempt)],
    ['Kapitalertragsteuer', euros(c.kapest)],
    ['Solidaritätszuschlag', euros(c.soli)],
    ['Kirchensteuer zur Kapitalertragsteuer', euros(c.churchTax)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, LEFT, y, { width: VALUE_X - LEFT - 10 });
    doc.text(`${value} EUR`, VALUE_X, y, { width: 140, align: 'right' });
    doc.x = LEFT;
  }
  doc.moveDown();
  // The church-tax community is named in plain text when church tax was withheld (DOMAIN.md 17); with none withheld
  // the line is left out (issue 43: "Kirchensteuer erhoben für: keine Kirchensteuer einbehalten" read as a contradiction).
  if (c.churchTax > 0 && c.churchName !== null) doc.text(`Kirchensteuer erhoben für: ${c.churchName}`, LEFT);
  if (c.exempt > 0) doc.text(`Grund der Abstandnahme vom Steuerabzug: ${exemptionReason(c.basisOfTax)}`);
  const credit = creditNote(c);
  if (credit !== null) {
    doc.moveDown();
    doc.text(credit, LEFT);
  }
  if (c.version === 'corrected' && c.correctionReason) {
    doc.moveDown();
    doc.text(
      `Diese Bescheinigung berichtigt die zuvor ausgestellte Bescheinigung (§ 45a Abs. 6 EStG). Grund: ${c.correctionReason}`,
      LEFT,
    );
  }
  doc.moveDown();
  doc.text(`Die Steuern wurden abgeführt an: ${issuer.taxOffice}, Steuernummer ${issuer.taxNumber}`);
  doc.moveDown();
  doc
    .fontSize(8)
    .text('Die Bescheinigung ist maschinell erstellt und wird nicht unterschrieben (§ 45a Abs. 2 S. 3 EStG).');
}
