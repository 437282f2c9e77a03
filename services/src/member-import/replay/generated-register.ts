import type { ImportKind, ImportRow, ImportValue } from '../import-types.js';
import { IMPORT_FIELDS, KIND_SHEETS } from './import-fields.js';
import type { ReplayContext } from './replay-run.js';

/**
 * Import rows built directly (no file): for the replay's tests and for measuring it on a register of any size
 * (`generatedRegister`), as the files part would hand them over: each value under its field key, each cell under the
 * template's header (the first German one) with its text.
 */
export function importRow(kind: ImportKind, row: number, values: Readonly<Record<string, ImportValue>>): ImportRow {
  const cells: Record<string, { column: string; text: string }> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const value = values[field.key];
    if (value === undefined) continue;
    cells[field.key] = { column: field.headers.de[0]!, text: value === null ? '' : String(value) };
  }
  return { kind, file: 'register.xlsx', sheet: KIND_SHEETS[kind].de[0]!, row, values, cells };
}

/** A natural person's master data as a members row holds it (valid IBAN and BIC, an address at home). */
export function personValues(
  nr: number,
  entryDate: string,
  extra: Readonly<Record<string, ImportValue>> = {},
): Record<string, ImportValue> {
  return {
    memberNr: nr,
    salutation: 'Frau',
    postalSalutation: 'female',
    name: `Muster${nr}`,
    givenName: 'Erika',
    birthDate: '1970-05-17',
    legalForm: 0,
    civilStatus: 0,
    street: 'Hauptstraße',
    streetHomeNumber: String(1 + (nr % 200)),
    zipCode: '80331',
    city: 'München',
    state: 'by',
    isForeign: false,
    bankname: 'Musterbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    entryDate,
    approvalDate: entryDate,
    ...extra,
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** A business date `months` months after January 2000, on `day`. */
const monthDate = (months: number, day = 1): string =>
  `${2000 + Math.floor(months / 12)}-${pad((months % 12) + 1)}-${pad(day)}`;

/**
 * A register of `members` members with about ten postings each: the subscription (0), six additional shares (1), a
 * transfer to the next member (3 and 4), one annulation (5) of an additional share, and every tenth member's exit
 * (8) at the end of 2024. `shareCost` and `minimumShares` 1 are what the holdings on the members sheet assume.
 */
export function generatedRegister(members: number): ImportRow[] {
  const memberRows: ImportRow[] = [];
  const postingRows: ImportRow[] = [];
  const shares = new Array<number>(members).fill(0);
  let line = 1;
  const posting = (values: Record<string, ImportValue>): void => {
    postingRows.push(importRow('postings', ++line, values));
  };
  for (let i = 0; i < members; i++) {
    const nr = i + 1;
    const start = i % 120;
    const entry = monthDate(start);
    posting({ memberNr: nr, ref: `P${nr}-0`, type: 0, quantity: 3, date: entry, approvalDate: entry });
    shares[i]! += 3;
    for (let k = 1; k <= 6; k++) {
      const date = monthDate(start + 12 * k, 10);
      posting({ memberNr: nr, ref: `P${nr}-${k}`, type: 1, quantity: 1, date, approvalDate: date });
    }
    shares[i]! += 6;
    const annulled = monthDate(start + 12 * 6, 20);
    posting({ memberNr: nr, ref: `P${nr}-A`, type: 5, annulRef: `P${nr}-6`, date: annulled });
    shares[i]! -= 1;
  }
  // Transfers after everyone joined (2010 on): member i gives one share to member i+1.
  for (let i = 0; i + 1 < members; i++) {
    const date = monthDate(130 + (i % 60), 15);
    posting({
      memberNr: i + 1,
      ref: `T${i + 1}-out`,
      type: 3,
      quantity: 1,
      date,
      approvalDate: date,
      transferMemberNr: i + 2,
      transferRef: `T${i + 1}-in`,
    });
    posting({
      memberNr: i + 2,
      ref: `T${i + 1}-in`,
      type: 4,
      quantity: 1,
      date,
      approvalDate: date,
      transferMemberNr: i + 1,
      transferRef: `T${i + 1}-out`,
    });
    shares[i]! -= 1;
    shares[i + 1]! += 1;
  }
  for (let i = 0; i < members; i++) {
    const nr = i + 1;
    const leaves = nr % 10 === 0;
    if (leaves)
      posting({
        memberNr: nr,
        ref: `E${nr}`,
        type: 8,
        date: '2024-12-31',
        noticeDate: '2024-03-01',
        approvalDate: '2024-03-05',
      });
    memberRows.push(
      importRow('members', nr + 1, personValues(nr, monthDate(i % 120), { shareAmount: leaves ? 0 : shares[i]! })),
    );
  }
  return [...memberRows, ...postingRows];
}

/** A cooperative without members for the replay's tests: 250 € a share, at least one, ids counted from 1. */
export function replayContext(extra: Partial<ReplayContext> = {}): ReplayContext {
  let n = 0;
  return {
    cooperativeId: 'coop-1',
    terms: { shareCost: 25_000, minimumShares: 1 },
    today: '2026-11-26',
    takenMemberNrs: new Set(),
    sequence: { state: { highest: 0 }, revision: -1 },
    newId: () => `id-${++n}`,
    ...extra,
  };
}
