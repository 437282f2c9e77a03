import type { DateFormat, DetectedFormat, FieldKind, ImportKind, NumberFormat, RawSheet } from '../import-types.js';
import { IMPORT_FIELDS } from '../replay/import-fields.js';
import { memo } from './memo.js';
import { parseDateText, parseIntegerText, parseMoneyText } from './parse-values.js';

/*
 * The number and date formats of a file (import, issue 29), decided over the whole of every column mapped to a
 * number or date field: a text only one format reads is a vote for it (`1.234,56`, `1,5` German; `1,234.56` English;
 * `31.12.2024`, `13/02/2024` day first; `02/13/2024` month first); a text both read (`12`, `01/02/2024`, ISO) does not
 * vote. The majority wins; with no vote, numbers follow the dates and dates the numbers, and a file with neither
 * follows its delimiter (`,` English, else German). Dates all in ISO (and nothing else) are `iso`. Typed spreadsheet
 * cells (numbers, dates) need no format and do not vote.
 */

/** A sheet and the field kind of each of its mapped columns (by column index). */
export interface SheetColumns {
  readonly sheet: RawSheet;
  readonly kind: ImportKind;
  readonly columns: Readonly<Record<string, string | null>>;
}

interface Votes {
  de: number;
  en: number;
}

/** What a text votes for: German only, English only, both (ISO for a date), or neither. */
type Vote = 'de' | 'en' | 'both' | 'none';

const vote = (de: boolean, en: boolean): Vote => (de && en ? 'both' : de ? 'de' : en ? 'en' : 'none');

/** The votes of a money, integer and date text; each a fresh memory per file. */
function voters(): Record<'money' | 'integer' | 'date', (text: string) => Vote> {
  return {
    money: memo((t) => vote(parseMoneyText(t, 'de') !== null, parseMoneyText(t, 'en') !== null)),
    integer: memo((t) => vote(parseIntegerText(t, 'de') !== null, parseIntegerText(t, 'en') !== null)),
    // a date both formats read is a vote for neither; counted as `both` only when it is ISO
    date: memo((t) => {
      const v = vote(parseDateText(t, 'de') !== null, parseDateText(t, 'en') !== null);
      return v === 'both' && parseDateText(t, 'iso') === null ? 'none' : v;
    }),
  };
}

const winner = (v: Votes): NumberFormat | null => (v.de > v.en ? 'de' : v.en > v.de ? 'en' : null);

/** The field kinds of the mapped columns of a sheet, by column index. */
export function mappedKinds(s: SheetColumns): { index: number; kind: FieldKind }[] {
  const byKey = new Map(IMPORT_FIELDS[s.kind].map((f) => [f.key, f.kind]));
  const out: { index: number; kind: FieldKind }[] = [];
  s.sheet.headers.forEach((h, index) => {
    const key = s.columns[h];
    const kind = key ? byKey.get(key) : undefined;
    if (kind) out.push({ index, kind });
  });
  return out;
}

/** The formats of one file from its sheets and their mappings. */
export function detectFormat(
  base: Pick<DetectedFormat, 'fileType' | 'encoding' | 'delimiter'>,
  sheets: readonly SheetColumns[],
): DetectedFormat {
  const numbers: Votes = { de: 0, en: 0 };
  const dates: Votes = { de: 0, en: 0 };
  let datesSeen = 0;
  let isoDates = 0;
  const voteOf = voters();
  for (const s of sheets) {
    const columns = mappedKinds(s).filter((c) => c.kind === 'integer' || c.kind === 'money' || c.kind === 'date');
    if (columns.length === 0) continue;
    for (const row of s.sheet.rows) {
      for (const c of columns) {
        const cell = row[c.index];
        if (typeof cell !== 'string') continue;
        const text = cell.trim();
        if (text === '') continue;
        const kind = c.kind as 'money' | 'integer' | 'date';
        const v = voteOf[kind](text);
        const votes = kind === 'date' ? dates : numbers;
        if (v === 'de') votes.de++;
        else if (v === 'en') votes.en++;
        if (kind === 'date') {
          datesSeen++;
          if (v === 'both') isoDates++;
        }
      }
    }
  }
  const fallback: NumberFormat = base.delimiter === ',' ? 'en' : 'de';
  const n = winner(numbers);
  const d = winner(dates);
  const numberFormat: NumberFormat = n ?? d ?? fallback;
  const dateFormat: DateFormat = datesSeen > 0 && isoDates === datesSeen ? 'iso' : (d ?? numberFormat);
  return { ...base, numbers: numberFormat, dates: dateFormat };
}

/**
 * A CSV file whose columns are separated by something else than `;`, `,` or a tab (issue 39): `|`, `:`, `#`, blanks…
 * The reader finds none of its three in the header line and reads one column; no kind of the import has fewer than
 * three required fields, so a header of one column that holds another separator is refused, naming what was found.
 */
export class UnsupportedDelimiterError extends Error {
  constructor(
    readonly file: string,
    readonly found: string,
  ) {
    super(`${file}: columns separated by ${found}, not by ; , or a tab`);
    this.name = 'UnsupportedDelimiterError';
  }
}

/** Characters that are part of a header's words, never a separator of columns. */
const WORD_MARKS = /[\p{L}\p{N}"'()_\-.]/u;

/** The separator a one-column CSV header holds instead of `;`, `,` or a tab: its most frequent mark, else a blank; null when none. */
export function foreignDelimiter(header: string): string | null {
  const counts = new Map<string, number>();
  for (const c of header.trim()) {
    if (WORD_MARKS.test(c) || /\s/.test(c)) continue;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = c;
  if (best !== null) return best;
  return /\S\s+\S/.test(header.trim()) ? ' ' : null;
}

/** Refuses a CSV file whose header line is one column separated by another character (UnsupportedDelimiterError). */
export function refuseForeignDelimiter(
  file: string,
  base: Pick<DetectedFormat, 'fileType'>,
  sheets: readonly RawSheet[],
): void {
  if (base.fileType !== 'csv') return;
  const headers = sheets[0]?.headers ?? [];
  if (headers.filter((h) => h.trim() !== '').length !== 1) return;
  const found = foreignDelimiter(headers[0] ?? '');
  if (found !== null) throw new UnsupportedDelimiterError(file, `"${found}"`);
}
