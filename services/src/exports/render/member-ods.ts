import type { MemberDto } from '@coop/contracts';
import { euros, germanDate } from '../../kernel/german-format.js';
import { xmlText } from '../../kernel/xml-text.js';
import { MEMBER_COLUMNS, yieldToLoop, type CellKind, type CellValue } from '../member-columns.js';

/*
 * The member list as an OpenDocument spreadsheet (ODF 1.2), assembled with `jszip` (no kept ODS writer for Node was
 * found): `mimetype` as the first entry and STORED (uncompressed), as ODF requires for recognising the file,
 * `META-INF/manifest.xml`, and `content.xml` with one table whose cells are typed: whole numbers as
 * `office:value-type="float"`, dates as `"date"` with `office:date-value` (shown `31.12.2025`), the capital as
 * `"currency"` in EUR (shown `1.234,56 €`); bold header row, column widths and an autofilter on the header.
 */

export const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';
const SHEET = 'Mitglieder';
/** Rows written between two turns of the event loop (about 20 ms of work). */
const SLICE = 250;

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
].join(' ');

const STYLES =
  '<office:automatic-styles>' +
  '<number:date-style style:name="N1"><number:day number:style="long"/><number:text>.</number:text><number:month number:style="long"/><number:text>.</number:text><number:year number:style="long"/></number:date-style>' +
  '<number:number-style style:name="N2"><number:number number:decimal-places="0" number:min-integer-digits="1"/></number:number-style>' +
  '<number:currency-style style:name="N3"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/><number:text> </number:text><number:currency-symbol number:language="de" number:country="DE">€</number:currency-symbol></number:currency-style>' +
  '<style:style style:name="cD" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N1"/>' +
  '<style:style style:name="cI" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N2"/>' +
  '<style:style style:name="cM" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N3"/>' +
  '<style:style style:name="cH" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>' +
  MEMBER_COLUMNS.map(
    (c, i) =>
      `<style:style style:name="co${i}" style:family="table-column"><style:table-column-properties style:column-width="${(c.width * 0.2).toFixed(2)}cm"/></style:style>`,
  ).join('') +
  '</office:automatic-styles>';

const MANIFEST =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
  `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${ODS_MIME}"/>` +
  '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
  '</manifest:manifest>';

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as the content of a `text:p`: XML-escaped, with the spaces, tabs and line breaks ODF would otherwise fold. */
export function odfText(value: string): string {
  return xmlText(value)
    .replace(/[&<>"]/g, (ch) => XML_ESCAPES[ch]!)
    .replace(/\r\n|\r|\n/g, '<text:line-break/>')
    .replace(/\t/g, '<text:tab/>')
    .replace(/(^ +)|( {2,})/g, (run: string, lead: string | undefined) =>
      lead ? `<text:s text:c="${run.length}"/>` : ` <text:s text:c="${run.length - 1}"/>`,
    );
}

const plainEuros = (cents: number): string => (cents / 100).toFixed(2);

function cell(kind: CellKind, value: CellValue): string {
  if (value === null) return '<table:table-cell/>';
  if (kind === 'text')
    return `<table:table-cell office:value-type="string"><text:p>${odfText(String(value))}</text:p></table:table-cell>`;
  if (kind === 'integer')
    return `<table:table-cell table:style-name="cI" office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`;
  if (kind === 'date')
    return `<table:table-cell table:style-name="cD" office:value-type="date" office:date-value="${value}"><text:p>${germanDate(String(value))}</text:p></table:table-cell>`;
  const cents = Number(value);
  return `<table:table-cell table:style-name="cM" office:value-type="currency" office:currency="EUR" office:value="${plainEuros(cents)}"><text:p>${euros(cents)} €</text:p></table:table-cell>`;
}

export function odsRow(m: MemberDto): string {
  return `<table:table-row>${MEMBER_COLUMNS.map((c) => cell(c.kind, c.value(m))).join('')}</table:table-row>`;
}

/** The whole file from batches of members; yields to the event loop after every batch (jszip deflates in chunks). */
export async function memberOds(
  batches: AsyncIterable<readonly MemberDto[]>,
  progress?: (done: number) => void,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NS} office:version="1.2">${STYLES}` +
    `<office:body><office:spreadsheet><table:table table:name="${SHEET}">` +
    MEMBER_COLUMNS.map((_c, i) => `<table:table-column table:style-name="co${i}"/>`).join('') +
    `<table:table-header-rows><table:table-row>${MEMBER_COLUMNS.map((c) => `<table:table-cell table:style-name="cH" office:value-type="string"><text:p>${odfText(c.header)}</text:p></table:table-cell>`).join('')}</table:table-row></table:table-header-rows>`;
  parts.push(Buffer.from(head, 'utf8'));
  let done = 0;
  for await (const batch of batches) {
    for (let i = 0; i < batch.length; i += SLICE) {
      const slice = batch.slice(i, i + SLICE);
      parts.push(Buffer.from(slice.map(odsRow).join(''), 'utf8'));
      done += slice.length;
      progress?.(done);
      await yieldToLoop();
    }
  }
  const lastColumn = String.fromCharCode(64 + MEMBER_COLUMNS.length);
  parts.push(
    Buffer.from(
      '</table:table><table:database-ranges>' +
        `<table:database-range table:name="__Anonymous_Sheet_DB__0" table:target-range-address="${SHEET}.A1:${SHEET}.${lastColumn}${done + 1}" table:display-filter-buttons="true"/>` +
        '</table:database-ranges></office:spreadsheet></office:body></office:document-content>',
      'utf8',
    ),
  );
  // jszip (with pako, some 60 modules) is loaded at the first spreadsheet, not with every start (decision 324).
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('mimetype', ODS_MIME, { compression: 'STORE' });
  zip.file('META-INF/manifest.xml', MANIFEST);
  zip.file('content.xml', Buffer.concat(parts));
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 1 },
    mimeType: ODS_MIME,
  });
}
