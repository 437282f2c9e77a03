import { pdfDocument } from '../../platform/pdf/pdf-fonts.js';
import { csvField, csvRaw } from '../../kernel/csv-text.js';
import { euros, germanDate, wholeEuros } from '../../kernel/german-format.js';

/** The KapESt return of one payment day as the closure recorded it (`DividendDeclared.taxReturn`; DOMAIN.md 5, WE-12). */
export interface TaxReturnData {
  readonly cooperative: string;
  readonly taxNumber: string;
  /** The financial years whose dividends were paid on the day (one return per payment day, decision 376). */
  readonly years: readonly number[];
  readonly paymentDate: string;
  readonly row31BaseEuros: number;
  readonly row31KapestEuros: number;
  readonly row32BaseEuros: number;
  readonly row32KapestEuros: number;
  readonly row33BaseEuros: number;
  readonly row34SoliCents: number;
  readonly kapestDueEuros: number;
  /** Church tax per community: its id, name in words and cents. */
  readonly churchTaxes: readonly { readonly churchId: string; readonly name: string; readonly cents: number }[];
  /** When the day's last closure was closed (ISO time): the PDF's creation date, so the same return is the same bytes. */
  readonly closedAt?: string | null;
}

/** The lines of the return: [row, text, amount as written]. */
export function taxReturnLines(r: TaxReturnData): [string, string, string][] {
  return [
    [
      '31',
      'Kapitalerträge mit Steuerabzug 25 % (§ 43a Abs. 1 S. 1 Nr. 1 EStG): Bemessungsgrundlage (volle EUR)',
      wholeEuros(r.row31BaseEuros),
    ],
    ['31', 'Kapitalertragsteuer 25 % (volle EUR, abgerundet)', wholeEuros(r.row31KapestEuros)],
    ['32', 'Kapitalerträge mit ermäßigtem Steuersatz: Bemessungsgrundlage (volle EUR)', wholeEuros(r.row32BaseEuros)],
    ['32', 'Kapitalertragsteuer ermäßigt (volle EUR, abgerundet)', wholeEuros(r.row32KapestEuros)],
    [
      '33',
      'Kapitalerträge ohne Steuerabzug (Freistellungsauftrag, NV-Bescheinigung, § 45a Abs. 1 S. 2 EStG) (volle EUR)',
      wholeEuros(r.row33BaseEuros),
    ],
    ['34', 'Solidaritätszuschlag (EUR, Ct)', euros(r.row34SoliCents)],
    ...r.churchTaxes.map((c): [string, string, string] => ['', `Kirchensteuer ${c.name} (EUR, Ct)`, euros(c.cents)]),
    ['', 'Kapitalertragsteuer zu entrichten (volle EUR)', wholeEuros(r.kapestDueEuros)],
  ];
}

/**
 * The return as CSV for the clerk to type into ELSTER: UTF-8 with BOM, `;`, German numbers, CRLF. Its texts (the
 * cooperative's name and tax number, the labels) pass the guard against formula injection (kernel/csv-text.ts).
 */
export function taxReturnCsv(r: TaxReturnData): string {
  const head = [
    ['Genossenschaft', r.cooperative],
    ['Steuernummer', r.taxNumber],
    [r.years.length > 1 ? 'Geschäftsjahre' : 'Geschäftsjahr', r.years.join(', ')],
    ['Zahlungstag (Zufluss)', germanDate(r.paymentDate)],
  ];
  const lines = [
    ...head.map(([k, v]) => `;${csvField(k!)};${csvField(v!)}`),
    'Zeile;Bezeichnung;Betrag',
    ...taxReturnLines(r).map(([row, label, amount]) =>
      [csvField(row), csvField(label), csvField(csvRaw(amount))].join(';'),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The return as a one-page A4 PDF (Helvetica). */
export function taxReturnPdf(r: TaxReturnData): Promise<Buffer> {
  const doc = pdfDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Kapitalertragsteuer-Anmeldung ${germanDate(r.paymentDate)}`,
      ...(r.closedAt ? { CreationDate: new Date(r.closedAt) } : {}),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(13).text('Kapitalertragsteuer-Anmeldung (Tagesanmeldung)');
  doc.font('Helvetica').fontSize(10).moveDown();
  doc.text(`${r.cooperative}, Steuernummer ${r.taxNumber}`);
  doc.text(
    `${r.years.length > 1 ? 'Geschäftsjahre' : 'Geschäftsjahr'} ${r.years.join(', ')}, Zahlungstag ${germanDate(r.paymentDate)}`,
  );
  doc.moveDown();
  for (const [row, label, value] of taxReturnLines(r)) {
    const y = doc.y;
    doc.text(row, 56, y, { width: 30 });
    doc.text(label, 90, y, { width: 330 });
    const end = doc.y;
    doc.text(value, 430, y, { width: 110, align: 'right' });
    doc.x = 56;
    doc.y = Math.max(end, doc.y);
  }
  doc.end();
  return done;
}
