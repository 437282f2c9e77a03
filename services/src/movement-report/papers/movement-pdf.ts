import { LEAVE_REASONS, type MovementHoldingDto, type MovementKindDto, type MovementReportDto } from '@coop/contracts';
import { euros, germanDate } from '../../kernel/german-format.js';
import { drawHeader, drawPageNumber, fit, openPdf, type PdfIssuer } from '../../member-pdfs/index.js';
import {
  footnotes,
  heading,
  KIND_COLUMNS,
  KIND_NOTE,
  kindLabel,
  kindsByDirection,
  LEAVE_LABELS,
  TITLE,
} from './movement-texts.js';

const MARGIN = 40;
const SIZE = 9;
const ROW = 14;
/** The footnotes' size. */
const SMALL_NOTE = 8;

/** A table: column widths (the first left-aligned, the others right-aligned), then rows of cells. */
interface Table {
  readonly widths: readonly number[];
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Rows drawn bold (a start or an end). */
  readonly bold?: ReadonlySet<number>;
}

const count = (n: number): string => n.toLocaleString('de-DE');
const money = (cents: number): string => `${euros(cents)} €`;
const holdingCells = (label: string, h: MovementHoldingDto): string[] => [
  label,
  count(h.shares),
  money(h.subscribed),
  money(h.paid),
];

/**
 * The movement report as one A4 portrait PDF (German, like the other papers of the annual accounts): the members, the
 * shares with their subscribed and paid cents, the movements by posting kind, the liability sums, and the footnotes
 * that say what the columns mean and as of when the figures hold. The cooperative's header and "Seite n von m" on
 * every page.
 */
export async function movementPdf(issuer: PdfIssuer, r: MovementReportDto): Promise<Buffer> {
  const title = `${TITLE} ${r.year}`;
  const { doc, bytes } = openPdf(title, issuer, 'portrait', MARGIN, true);
  const left = MARGIN;
  const width = 595.28 - 2 * MARGIN;
  const bottom = 841.89 - MARGIN - 30;
  let y = 0;
  const page = (): void => {
    doc.addPage();
    y = drawHeader(doc, issuer, title, r.asOf) + 6;
  };
  const room = (h: number): void => {
    if (y + h > bottom) page();
  };
  const section = (text: string): void => {
    room(ROW * 3);
    y += 6;
    doc.font('Helvetica-Bold').fontSize(10.5).text(text, left, y, { lineBreak: false });
    y += ROW + 2;
  };
  const table = (t: Table): void => {
    const line = (cells: readonly string[], bold: boolean): void => {
      room(ROW);
      let x = left;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(SIZE);
      cells.forEach((cell, i) => {
        const w = t.widths[i]!;
        const text = fit(doc, cell, w - 6);
        const at = i === 0 ? x : x + w - doc.widthOfString(text);
        doc.text(text, at, y + 2, { lineBreak: false });
        x += w;
      });
      y += ROW;
    };
    line(t.head, true);
    doc
      .moveTo(left, y)
      .lineTo(left + t.widths.reduce((a, b) => a + b, 0), y)
      .lineWidth(0.5)
      .stroke();
    y += 2;
    t.rows.forEach((cells, i) => line(cells, t.bold?.has(i) === true));
  };

  page();
  doc.font('Helvetica-Bold').fontSize(13).text(heading(r), left, y, { lineBreak: false });
  y += 18;
  doc
    .font('Helvetica')
    .fontSize(SIZE)
    .text(`Geschäftsjahr ${germanDate(r.from)} bis ${germanDate(r.to)}`, left, y, { lineBreak: false });
  y += ROW;

  section('1. Mitglieder');
  const m = r.members;
  table({
    widths: [width - 90, 90],
    head: ['', 'Anzahl'],
    rows: [
      [`Stand am ${germanDate(r.from)}`, count(m.start)],
      ['Zugänge (Beitritte)', count(m.joined)],
      [`Abgänge${m.left > 0 ? ', davon:' : ''}`, count(m.left)],
      ...LEAVE_REASONS.map((reason) => [
        `    ${LEAVE_LABELS[reason]}`,
        count(m.leftBy.find((l) => l.reason === reason)?.count ?? 0),
      ]),
      [`Stand am ${germanDate(r.to)}`, count(m.end)],
      ...(m.endWithoutShares > 0 ? [[`    davon ohne Geschäftsanteil`, count(m.endWithoutShares)]] : []),
    ],
    bold: new Set([0, 3 + LEAVE_REASONS.length]),
  });

  section('2. Geschäftsanteile und Geschäftsguthaben');
  const w2 = [width - 3 * 105, 105, 105, 105];
  table({
    widths: w2,
    head: ['', 'Anteile', 'Gezeichnet', 'Eingezahlt'],
    rows: [
      holdingCells(`Stand am ${germanDate(r.from)}`, r.start),
      holdingCells('+ Zugänge', r.added),
      holdingCells('− Abgänge', r.reduced),
      holdingCells(`Stand am ${germanDate(r.to)}`, r.end),
    ],
    bold: new Set([0, 3]),
  });

  section('3. Bewegungen des Jahres nach Buchungsart');
  const w3 = [width - 60 - 50 - 50 - 2 * 90, 60, 50, 50, 90, 90];
  const kindRow = (k: MovementKindDto): string[] => [
    `    ${kindLabel(k.kind)}`,
    count(k.postings),
    count(k.annulments),
    count(k.shares),
    money(k.subscribed),
    money(k.paid),
  ];
  const rows: string[][] = [];
  const bold = new Set<number>();
  for (const d of kindsByDirection(r)) {
    bold.add(rows.length);
    rows.push([d.heading], ...d.kinds.map(kindRow));
    bold.add(rows.length);
    const { shares, subscribed, paid } = d.sum;
    rows.push([d.sumLabel, count(d.postings), count(d.annulments), count(shares), money(subscribed), money(paid)]);
  }
  table({ widths: w3, head: ['Art', ...KIND_COLUMNS], rows, bold });
  doc
    .font('Helvetica')
    .fontSize(SMALL_NOTE)
    .text(KIND_NOTE, left, y + 2, { width });
  y = doc.y + 4;

  section('4. Haftsummen');
  if (r.liability === null) {
    doc
      .font('Helvetica')
      .fontSize(SIZE)
      .text('Die Satzung sieht keine Haftsumme je Geschäftsanteil vor (keine Haftsumme eingestellt).', left, y, {
        width,
      });
    y = doc.y + 4;
  } else {
    const l = r.liability;
    table({
      widths: [width - 120, 120],
      head: [`Haftsumme je Anteil: ${money(l.perShare)}`, 'Betrag'],
      rows: [
        [`Stand am ${germanDate(r.from)}`, money(l.start)],
        ['+ Erhöhung', money(l.added)],
        ['− Verminderung', money(l.reduced)],
        [`Gesamthaftsumme am ${germanDate(r.to)}`, money(l.end)],
      ],
      bold: new Set([0, 3]),
    });
  }

  y += 10;
  for (const note of footnotes(r)) {
    const h = doc
      .font(note.startsWith('Achtung') ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(SMALL_NOTE)
      .heightOfString(note, { width });
    room(h + 4);
    doc.text(note, left, y, { width });
    y += h + 4;
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    drawPageNumber(doc, i + 1, range.count);
  }
  doc.end();
  return bytes;
}
