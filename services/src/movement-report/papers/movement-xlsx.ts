import type ExcelJS from 'exceljs';
import { exceljs } from '../../platform/xlsx/exceljs.js';
import { LEAVE_REASONS, type MovementHoldingDto, type MovementReportDto } from '@coop/contracts';
import { germanDate } from '../../kernel/german-format.js';
import {
  footnotes,
  heading,
  KIND_COLUMNS,
  KIND_NOTE,
  kindLabel,
  kindsByDirection,
  LEAVE_LABELS,
} from './movement-texts.js';

const MONEY = '#,##0.00 [$€-407];-#,##0.00 [$€-407]';
const COUNT = '#,##0';

/** Cents as a number of euros for a money cell (two decimals: exact in a double for every safe amount of cents / 100 shown). */
const eur = (cents: number): number => cents / 100;

/**
 * The movement report as one worksheet (exceljs, as the member exports): the same sections and footnotes as the PDF,
 * counts as whole numbers and amounts as euro numbers with a euro format, so an auditor can add them up again.
 */
export async function movementXlsx(r: MovementReportDto, cooperativeName: string): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  workbook.creator = 'Coop Ledger';
  const sheet = workbook.addWorksheet(`Bestandsnachweis ${r.year}`);
  sheet.columns = [{ width: 58 }, { width: 14 }, { width: 14 }, { width: 16 }, { width: 18 }, { width: 18 }];
  const bold = (row: ExcelJS.Row): void => {
    row.font = { bold: true };
  };
  /** A text across the six columns, wrapped. */
  const note = (text: string, height: number): void => {
    const row = sheet.addRow([text]);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    sheet.mergeCells(row.number, 1, row.number, 6);
    row.height = height;
  };
  bold(sheet.addRow([heading(r)]));
  sheet.addRow([cooperativeName]);
  sheet.addRow([`Geschäftsjahr ${germanDate(r.from)} bis ${germanDate(r.to)}; Stand ${germanDate(r.asOf)}`]);
  sheet.addRow([]);

  bold(sheet.addRow(['1. Mitglieder', 'Anzahl']));
  const m = r.members;
  const counted = (label: string, n: number): ExcelJS.Row => {
    const row = sheet.addRow([label, n]);
    row.getCell(2).numFmt = COUNT;
    return row;
  };
  bold(counted(`Stand am ${germanDate(r.from)}`, m.start));
  counted('Zugänge (Beitritte)', m.joined);
  counted('Abgänge', m.left);
  for (const reason of LEAVE_REASONS)
    counted(`  ${LEAVE_LABELS[reason]}`, m.leftBy.find((l) => l.reason === reason)?.count ?? 0);
  bold(counted(`Stand am ${germanDate(r.to)}`, m.end));
  counted('  davon ohne Geschäftsanteil', m.endWithoutShares);
  sheet.addRow([]);

  bold(sheet.addRow(['2. Geschäftsanteile und Geschäftsguthaben', 'Anteile', 'Gezeichnet', 'Eingezahlt']));
  const holding = (label: string, h: MovementHoldingDto): ExcelJS.Row => {
    const row = sheet.addRow([label, h.shares, eur(h.subscribed), eur(h.paid)]);
    row.getCell(2).numFmt = COUNT;
    row.getCell(3).numFmt = MONEY;
    row.getCell(4).numFmt = MONEY;
    return row;
  };
  bold(holding(`Stand am ${germanDate(r.from)}`, r.start));
  holding('+ Zugänge', r.added);
  holding('− Abgänge', r.reduced);
  bold(holding(`Stand am ${germanDate(r.to)}`, r.end));
  sheet.addRow([]);

  bold(sheet.addRow(['3. Bewegungen des Jahres nach Buchungsart', ...KIND_COLUMNS]));
  // As the PDF: the kinds under their direction, each as a positive movement in it, and each direction's sum.
  const moved = (label: string, postings: number, annulments: number, h: MovementHoldingDto): ExcelJS.Row => {
    const row = sheet.addRow([label, postings, annulments, h.shares, eur(h.subscribed), eur(h.paid)]);
    for (const c of [2, 3, 4]) row.getCell(c).numFmt = COUNT;
    row.getCell(5).numFmt = MONEY;
    row.getCell(6).numFmt = MONEY;
    return row;
  };
  for (const d of kindsByDirection(r)) {
    bold(sheet.addRow([d.heading]));
    for (const k of d.kinds) moved(`  ${kindLabel(k.kind)}`, k.postings, k.annulments, k);
    bold(moved(d.sumLabel, d.postings, d.annulments, d.sum));
  }
  note(KIND_NOTE, 28);
  sheet.addRow([]);

  bold(sheet.addRow(['4. Haftsummen', 'Betrag']));
  if (r.liability === null)
    sheet.addRow(['Die Satzung sieht keine Haftsumme je Geschäftsanteil vor (keine Haftsumme eingestellt).']);
  else {
    const l = r.liability;
    for (const [label, cents] of [
      ['Haftsumme je Anteil', l.perShare],
      [`Stand am ${germanDate(r.from)}`, l.start],
      ['+ Erhöhung', l.added],
      ['− Verminderung', l.reduced],
      [`Gesamthaftsumme am ${germanDate(r.to)}`, l.end],
    ] as const) {
      sheet.addRow([label, eur(cents)]).getCell(2).numFmt = MONEY;
    }
  }
  sheet.addRow([]);
  for (const text of footnotes(r)) note(text, 42);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
