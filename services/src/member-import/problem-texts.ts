import { VALIDATION_MESSAGES_DE, VALIDATION_MESSAGES_EN } from '@coop/contracts';
import type { ImportProblem } from './import-types.js';

/*
 * The texts of the import's problems for the clerk outside the console (issue 29): the problems workbook and the command
 * line. The same texts as the console's (`contracts/src/messages/validation.*.ts`), with where the problem is in front:
 * "Zeile 12, Spalte IBAN: Ungültige IBAN" / "Row 12, column IBAN: Invalid IBAN".
 */

export type ProblemLanguage = 'de' | 'en';
export const PROBLEM_LANGUAGES: readonly ProblemLanguage[] = ['de', 'en'];

const MESSAGES: Readonly<Record<ProblemLanguage, Readonly<Record<string, string>>>> = {
  de: VALIDATION_MESSAGES_DE,
  en: VALIDATION_MESSAGES_EN,
};

const WORDS = {
  de: { sheet: 'Blatt', row: 'Zeile', column: 'Spalte', field: 'Feld', value: (v: string) => `„${v}“` },
  en: { sheet: 'sheet', row: 'row', column: 'column', field: 'field', value: (v: string) => `"${v}"` },
} as const;

/** The template's text with its numbered parameters filled in (`%{0}`); a template without a text says which it is. */
export function templateText(
  template: string,
  parameters: Readonly<Record<string, string>>,
  lang: ProblemLanguage,
): string {
  const messages = MESSAGES[lang];
  const text = Object.hasOwn(messages, template) ? messages[template]! : messages.unknown!;
  return text.replace(/%\{([^}]+)\}/g, (_all, key: string) =>
    key === 'template' ? template : (parameters[key] ?? '…'),
  );
}

/**
 * A problem as one line: where (the sheet when asked, the row, the column and the value), then the message.
 * `withSheet`: name the sheet too (the command line lists the problems of every sheet together; the problems workbook
 * shows each beside its row on its own sheet and leaves it out).
 */
export function problemText(
  problem: ImportProblem,
  lang: ProblemLanguage,
  options: { readonly withSheet?: boolean } = {},
): string {
  const w = WORDS[lang];
  const where: string[] = [];
  if (problem.sheet !== null && (options.withSheet === true || problem.row === null))
    where.push(`${w.sheet} ${problem.sheet}`);
  if (problem.row !== null) where.push(`${w.row} ${problem.row}`);
  if (problem.column !== null) where.push(`${w.column} ${problem.column}`);
  // A field no column maps to (a required one left out of the file) is named by its key.
  else if (problem.field !== null) where.push(`${w.field} ${problem.field}`);
  const place = where.join(', ');
  const value = problem.value !== null && problem.value !== '' ? ` (${w.value(problem.value)})` : '';
  const message = templateText(problem.template, problem.parameters, lang);
  if (place === '') return message;
  // English words after the first are written small ("Row 12, column IBAN"), as a sentence goes on.
  return `${place.charAt(0).toUpperCase()}${place.slice(1)}${value}: ${message}`;
}
