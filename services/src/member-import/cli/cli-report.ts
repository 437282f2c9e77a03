import type { DetectedFormat, ImportMapping, ImportProblem, ImportSummary } from '../import-types.js';

/*
 * What the command line prints (issue 29: "printing the same summary and problems" as the console shows): the formats
 * detected per file, the mapping used, the summary and the problems, in German or English. Pure: text out.
 */

export type CliLang = 'de' | 'en';

/** Problems printed one by one; the rest are counted. */
export const PROBLEMS_SHOWN = 50;

const TEXTS = {
  de: {
    formats: 'Erkannte Formate',
    numbers: { de: 'Zahlen deutsch (1.234,56)', en: 'Zahlen englisch (1,234.56)' },
    dates: { de: 'Datum deutsch (31.12.2024)', en: 'Datum englisch (12/31/2024)', iso: 'Datum ISO (2024-12-31)' },
    delimiter: 'Trennzeichen',
    mapping: {
      saved: 'Zuordnung der Spalten (gespeichert vom letzten Import)',
      guessed: 'Zuordnung der Spalten (aus den Überschriften erkannt)',
      file: 'Zuordnung der Spalten (aus der Datei',
    },
    notImported: '(nicht importiert)',
    summary: 'Zusammenfassung',
    members: 'Mitglieder',
    postings: 'Buchungen',
    byType: 'nach Art',
    orders: 'Freistellungsaufträge',
    certificates: 'NV-Bescheinigungen',
    asOf: (date: string) => `Stand ${date}`,
    active: 'Mitglieder mit Anteilen',
    shares: 'Anteile',
    capital: 'Nennbetrag der Anteile',
    events: 'Ereignisse',
    problems: (n: number) => (n === 1 ? '1 Problem' : `${n} Probleme`),
    more: (n: number) => `… und ${n} weitere (alle mit der Datei „Probleme“ im Import der Konsole)`,
    row: 'Zeile',
    none: 'Keine Probleme.',
  },
  en: {
    formats: 'Detected formats',
    numbers: { de: 'German numbers (1.234,56)', en: 'English numbers (1,234.56)' },
    dates: { de: 'German dates (31.12.2024)', en: 'English dates (12/31/2024)', iso: 'ISO dates (2024-12-31)' },
    delimiter: 'delimiter',
    mapping: {
      saved: 'Column mapping (saved by the last import)',
      guessed: 'Column mapping (guessed from the headers)',
      file: 'Column mapping (from the file',
    },
    notImported: '(not imported)',
    summary: 'Summary',
    members: 'Members',
    postings: 'Postings',
    byType: 'by type',
    orders: 'Exemption orders',
    certificates: 'Non-assessment certificates',
    asOf: (date: string) => `as of ${date}`,
    active: 'Members holding shares',
    shares: 'Shares',
    capital: 'Nominal value of the shares',
    events: 'Events',
    problems: (n: number) => (n === 1 ? '1 problem' : `${n} problems`),
    more: (n: number) => `… and ${n} more (all of them in the problems file of the console's import)`,
    row: 'row',
    none: 'No problems.',
  },
} as const;

const DELIMITERS: Readonly<Record<string, string>> = { ',': ',', ';': ';', '\t': 'Tab' };

/** One line per file: its type, encoding and delimiter (CSV), number and date formats. */
export function formatFormats(formats: Readonly<Record<string, DetectedFormat>>, lang: CliLang): string {
  const t = TEXTS[lang];
  const lines = [`${t.formats}:`];
  for (const [file, f] of Object.entries(formats)) {
    const csv =
      f.fileType === 'csv' ? `, ${f.encoding ?? '?'}, ${t.delimiter} "${DELIMITERS[f.delimiter ?? ''] ?? '?'}"` : '';
    lines.push(`  ${file}: ${f.fileType.toUpperCase()}${csv}; ${t.numbers[f.numbers]}; ${t.dates[f.dates]}`);
  }
  return lines.join('\n');
}

/** Where the mapping came from: the cooperative's last import, the headers, or a file the operator named. */
export type MappingSource =
  { readonly kind: 'saved' } | { readonly kind: 'guessed' } | { readonly kind: 'file'; readonly path: string };

/** Each sheet's kind and its columns → fields. */
export function formatMapping(mapping: ImportMapping, source: MappingSource, lang: CliLang): string {
  const t = TEXTS[lang];
  const title = source.kind === 'file' ? `${t.mapping.file} ${source.path})` : t.mapping[source.kind];
  const lines = [`${title}:`];
  for (const sheet of mapping.sheets) {
    lines.push(`  ${sheet.sheet} → ${sheet.kind}`);
    for (const [column, field] of Object.entries(sheet.columns))
      lines.push(`    ${column} → ${field ?? t.notImported}`);
  }
  return lines.join('\n');
}

/** Euros from cents in the language's style (1.234,56 / 1,234.56). */
export function euros(cents: number, lang: CliLang): string {
  return `${(cents / 100).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`;
}

const count = (n: number, lang: CliLang): string => n.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB');

export function formatSummary(s: ImportSummary, lang: CliLang): string {
  const t = TEXTS[lang];
  const postings = Object.values(s.postingsByType).reduce((a, b) => a + b, 0);
  const types = Object.entries(s.postingsByType)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${type}: ${count(n, lang)}`)
    .join(', ');
  return [
    `${t.summary}:`,
    `  ${t.members}: ${count(s.members, lang)}`,
    `  ${t.postings}: ${count(postings, lang)}${types ? ` (${t.byType} ${types})` : ''}`,
    `  ${t.orders}: ${count(s.exemptionOrders, lang)}`,
    `  ${t.certificates}: ${count(s.nonAssessments, lang)}`,
    `  ${t.asOf(s.asOf)}: ${t.active} ${count(s.activeMembers, lang)}, ${t.shares} ${count(s.shares, lang)}, ${t.capital} ${euros(s.capitalCents, lang)}`,
    // Not localised: the number alone, so that scripts (bench/import.js) read it in either language.
    `  ${t.events}: ${s.events}`,
  ].join('\n');
}

/**
 * The first PROBLEMS_SHOWN problems, each as `text` words it (where: sheet, row, column, the value; then the message),
 * with its file in front when the import has several; the rest counted.
 */
export function formatProblems(
  problems: readonly ImportProblem[],
  total: number,
  text: (p: ImportProblem) => string,
  lang: CliLang,
  files = 1,
): string {
  const t = TEXTS[lang];
  if (total === 0) return t.none;
  return listed(t.problems(total), problems, total, text, lang, files);
}

/** The possible duplicates a write needs confirmed, under their own heading (not counted again as problems). */
export function formatWarnings(
  warnings: readonly ImportProblem[],
  total: number,
  text: (p: ImportProblem) => string,
  lang: CliLang,
  files = 1,
): string {
  return listed(CLI_TEXTS[lang].warnings(total), warnings, total, text, lang, files);
}

function listed(
  heading: string,
  items: readonly ImportProblem[],
  total: number,
  text: (p: ImportProblem) => string,
  lang: CliLang,
  files: number,
): string {
  const lines = [heading.endsWith(':') ? heading : `${heading}:`];
  for (const p of items.slice(0, PROBLEMS_SHOWN))
    lines.push(`  ${files > 1 && p.file !== null ? `${p.file}: ` : ''}${text(p)}`);
  const rest = total - Math.min(items.length, PROBLEMS_SHOWN);
  if (rest > 0) lines.push(`  ${TEXTS[lang].more(rest)}`);
  return lines.join('\n');
}

/** The command line's own sentences. */
export const CLI_TEXTS = {
  de: {
    importing: (files: number, cooperative: string, dataDir: string) =>
      `Import von ${files} ${files === 1 ? 'Datei' : 'Dateien'} in die Genossenschaft ${cooperative} (DATA_DIR ${dataDir})`,
    noCooperative: (id: string) => `Keine Genossenschaft mit der Id ${id} in diesem Datenverzeichnis.`,
    noFile: (path: string) => `Die Datei ${path} kann nicht gelesen werden.`,
    badMapping: (path: string) => `Die Zuordnung ${path} ist kein gültiges JSON einer Zuordnung (ImportMapping).`,
    dryRun: 'Probelauf: nichts geschrieben.',
    canWrite: 'Ohne Probleme: ohne --dry-run wird der Import geschrieben.',
    writing: 'Schreibe den Import in Teilen (abgebrochen: derselbe Befehl setzt ihn fort) …',
    written: (id: string, events: number, seconds: number) =>
      `Geschrieben: Import ${id}, ${events} Ereignisse (nach ${seconds} s).`,
    projecting: 'Die Lesemodelle werden nachgeführt …',
    projected: (seconds: number) => `Lesemodelle nachgeführt in ${seconds} s.`,
    hasProblems: 'Nicht geschrieben: der Import hat Probleme. Bitte in den Dateien berichtigen und erneut versuchen.',
    warnings: (n: number) => `Mögliche Doppelerfassungen (${n}), vor dem Schreiben zu prüfen:`,
    unconfirmed:
      'Nicht geschrieben: Bitte prüfen Sie die möglichen Doppelerfassungen und bestätigen Sie sie mit --confirm-warnings.',
    before: (id: string, at: string, by: string) =>
      `Diese Dateien wurden bereits importiert (Import ${id} am ${at} von ${by}): nichts geschrieben.`,
    peak: (mb: number, seconds: number) => `Fertig in ${seconds} s. Peak memory: ${mb} MB`,
  },
  en: {
    importing: (files: number, cooperative: string, dataDir: string) =>
      `Import of ${files} ${files === 1 ? 'file' : 'files'} into cooperative ${cooperative} (DATA_DIR ${dataDir})`,
    noCooperative: (id: string) => `No cooperative with the id ${id} in this data directory.`,
    noFile: (path: string) => `Cannot read the file ${path}.`,
    badMapping: (path: string) => `The mapping ${path} is not the JSON of a mapping (ImportMapping).`,
    dryRun: 'Dry run: nothing written.',
    canWrite: 'No problems: without --dry-run the import is written.',
    writing: 'Writing the import in chunks (stopped: the same command goes on with it) …',
    written: (id: string, events: number, seconds: number) =>
      `Written: import ${id}, ${events} events (after ${seconds} s).`,
    projecting: 'Bringing the read models up to date …',
    projected: (seconds: number) => `Read models up to date in ${seconds} s.`,
    hasProblems: 'Not written: the import has problems. Correct them in the files and try again.',
    warnings: (n: number) => `Possible duplicates (${n}), to check before writing:`,
    unconfirmed: 'Not written: check the possible duplicates and confirm them with --confirm-warnings.',
    before: (id: string, at: string, by: string) =>
      `These files were already imported (import ${id} on ${at} by ${by}): nothing written.`,
    peak: (mb: number, seconds: number) => `Done in ${seconds} s. Peak memory: ${mb} MB`,
  },
} as const;
