import { PassThrough, type Writable } from 'node:stream';
import { exceljs } from '../../platform/xlsx/exceljs.js';
import { businessToday, memberStream, type EventStore } from '@coop/contracts';
import { memberDocuments, toMemberDto } from '../../members/index.js';
import type { ReadModels } from '../../platform/http/read-models.js';
import { settlementDocuments } from '../../settlements/reads.js';
import { balanceDocuments, type BalanceDocument } from '../../share-ledger/index.js';
import { exemptionOrderDocuments, nonAssessmentDocuments } from '../../tax-papers/index.js';
import type { FieldKind, ImportKind } from '../import-types.js';
import {
  comparePostings,
  compareTaxPapers,
  exemptionOrderRow,
  headerOf,
  memberRow,
  nonAssessmentRow,
  noticesOf,
  NOTICED_TYPES,
  postingRow,
  REGISTER_SHEETS,
  type PostingFields,
  type PostingNotice,
  type RegisterRow,
  type RegisterValue,
  type PostingSettlement,
} from './register-rows.js';

/*
 * The cooperative's register as an import workbook (issue 29): a sheet per kind named as the template names it, the
 * template's (first German) headers, so that the file imports back without a mapping: members with every master field
 * and their member numbers, every posting (ref = balance id, transfers and annulations by their balance ids, notice and
 * dispatch dates, the payment), exemption orders and certificates. Dates are dates, money is euros, as a clerk's own
 * spreadsheet would hold them. Read from the read models through their owners' readers (members, share ledger,
 * settlements, tax papers); the notices of partial terminations and ends (which the read
 * models keep only for a member's current exit) from those members' streams. Written with exceljs's streaming writer:
 * each row is committed as it is written.
 */

export interface RegisterSource {
  readonly reads: ReadModels;
  readonly events: EventStore;
  readonly cooperativeId: string;
  /** Business today: the holding of the members sheet is as of it (default: today). */
  readonly today?: string;
}

export type RegisterCounts = Readonly<Record<ImportKind, number>>;

const FORMATS: Readonly<Record<FieldKind, string>> = {
  text: '@',
  choice: '@',
  integer: '0',
  boolean: 'General',
  date: 'dd.mm.yyyy',
  money: '#,##0.00',
};

/** Documents per scan batch, rows between two turns of the event loop. */
const SCAN_BATCH = 500;
const SLICE = 500;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A business date as the Date at its UTC midnight (exceljs writes a Date as its serial day in UTC). */
function cell(kind: FieldKind, value: RegisterValue): string | number | boolean | Date | null {
  if (value === null) return null;
  if (kind === 'date') return typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : null;
  if (kind === 'money') return typeof value === 'number' ? value / 100 : null;
  return value;
}

/** `list.map(f)` with a turn of the event loop after every SLICE items. */
async function inSlices<T, R>(list: readonly T[], f: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += SLICE) {
    for (const item of list.slice(i, i + SLICE)) out.push(f(item));
    await yieldToLoop();
  }
  return out;
}

/** The posting fields the rows need (a posting without its register versions and change fields). */
function trimmed(b: BalanceDocument): PostingFields {
  const {
    id,
    member,
    memberNr,
    type,
    quantity,
    amount,
    date,
    approvalDate,
    interestBegin,
    transferMemberNr,
    transferPeer,
    annulPeer,
    rueckpfleinzahlung,
    position,
  } = b;
  return {
    id,
    member,
    memberNr,
    type,
    quantity,
    amount,
    date,
    approvalDate,
    interestBegin,
    transferMemberNr,
    transferPeer,
    annulPeer,
    rueckpfleinzahlung,
    position,
  };
}

/** The workbook's rows by kind. */
export type RegisterRows = Readonly<Record<ImportKind, readonly RegisterRow[]>>;

/** Everything the workbook holds, read and ordered: members by number, postings in replay order, tax papers per member. */
export async function readRegister(source: RegisterSource): Promise<RegisterRows> {
  const { reads, events, cooperativeId } = source;
  const today = source.today ?? businessToday();
  const members = [];
  const numbers = new Map<string, number>();
  for await (const batch of memberDocuments.scan(reads, cooperativeId, SCAN_BATCH)) {
    for (const doc of batch) {
      const dto = toMemberDto(doc, today);
      members.push(dto);
      if (dto.memberNr !== null) numbers.set(dto.id, dto.memberNr);
    }
    await yieldToLoop();
  }
  members.sort((a, b) => (a.memberNr ?? Number.MAX_SAFE_INTEGER) - (b.memberNr ?? Number.MAX_SAFE_INTEGER));

  // Postings by day, each day's in log order: a sort of every posting at once would hold the event loop (about a
  // second at 200,000 postings); the days are sorted apart, with a turn of the loop between some hundred of them.
  const byDay = new Map<string, PostingFields[]>();
  const noticed = new Set<string>();
  for await (const batch of balanceDocuments.scan(reads, cooperativeId, SCAN_BATCH)) {
    for (const doc of batch) {
      const list = byDay.get(doc.date);
      if (list) list.push(trimmed(doc));
      else byDay.set(doc.date, [trimmed(doc)]);
      if (NOTICED_TYPES.has(doc.type) && doc.member !== '') noticed.add(doc.member);
    }
    await yieldToLoop();
  }
  const postings: PostingFields[] = [];
  const days = [...byDay.keys()].sort();
  for (let i = 0; i < days.length; i++) {
    for (const doc of byDay.get(days[i]!)!.sort(comparePostings)) postings.push(doc);
    if (i % 200 === 199) await yieldToLoop();
  }
  byDay.clear();
  const notices = new Map<string, PostingNotice>();
  // The embedded log answers a stream at once (the awaits alone would never let another request in): a turn of the
  // event loop after every 50 streams.
  let read = 0;
  for (const memberId of noticed) {
    for (const [balanceId, notice] of noticesOf(await events.readStream(memberStream(memberId))))
      notices.set(balanceId, notice);
    if (++read % 50 === 0) await yieldToLoop();
  }

  // The settlements recorded (issue 42): each on its end's row, so the register imports back with them paid.
  const settled = new Map<string, PostingSettlement>();
  for await (const batch of settlementDocuments.scan(reads, cooperativeId, SCAN_BATCH)) {
    for (const doc of batch) {
      if (
        doc.status === 'paid' &&
        !doc.annulled &&
        doc.endBalanceId !== '' &&
        doc.payoutDate !== null &&
        doc.amount !== null
      ) {
        settled.set(doc.endBalanceId, { payoutDate: doc.payoutDate, amount: doc.amount });
      }
    }
  }

  const orders: RegisterRow[] = [];
  for await (const batch of exemptionOrderDocuments.scan(reads, cooperativeId, SCAN_BATCH))
    for (const doc of batch) orders.push(exemptionOrderRow(doc, numbers));
  const certificates: RegisterRow[] = [];
  for await (const batch of nonAssessmentDocuments.scan(reads, cooperativeId, SCAN_BATCH))
    for (const doc of batch) certificates.push(nonAssessmentRow(doc, numbers));

  return {
    members: await inSlices(members, (m) => memberRow(m, numbers)),
    postings: await inSlices(postings, (b) => postingRow(b, numbers, notices.get(b.id), settled.get(b.id))),
    exemptionOrders: orders.sort(compareTaxPapers),
    nonAssessments: certificates.sort(compareTaxPapers),
  };
}

/** Writes the register's rows as the workbook into `out` (ended when done); the rows written per kind. */
export async function writeRegisterWorkbook(rows: RegisterRows, out: Writable): Promise<RegisterCounts> {
  const workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Coop Ledger';
  for (const sheetDef of REGISTER_SHEETS) {
    const sheet = workbook.addWorksheet(sheetDef.name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = sheetDef.fields.map((f) => ({
      header: headerOf(f),
      key: f.key,
      width: Math.max(10, headerOf(f).length + 2),
      style: { numFmt: FORMATS[f.kind] },
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    const list = rows[sheetDef.kind];
    for (let i = 0; i < list.length; i += SLICE) {
      for (const row of list.slice(i, i + SLICE))
        sheet.addRow(sheetDef.fields.map((f) => cell(f.kind, row[f.key] ?? null))).commit();
      await yieldToLoop();
    }
    sheet.commit();
  }
  await workbook.commit();
  return {
    members: rows.members.length,
    postings: rows.postings.length,
    exemptionOrders: rows.exemptionOrders.length,
    nonAssessments: rows.nonAssessments.length,
  };
}

/** The register workbook as one buffer (tests, the command line). */
export async function registerWorkbook(source: RegisterSource): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  await writeRegisterWorkbook(await readRegister(source), sink);
  await ended;
  return Buffer.concat(chunks);
}

/** `mitgliederregister-<cooperative name>-<date>.xlsx`. */
export const registerFileName = (cooperativeName: string, date: string): string =>
  `mitgliederregister-${
    cooperativeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'genossenschaft'
  }-${date}.xlsx`;
