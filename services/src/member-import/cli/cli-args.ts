import { parseArgs } from 'node:util';

/** What the operator asked for (`npm run import -- FILE [FILE…] --cooperative ID [--dry-run] [--mapping FILE.json] [--lang de|en]`). */
export interface ImportArgs {
  readonly files: readonly string[];
  readonly cooperativeId: string;
  readonly dryRun: boolean;
  /** A mapping file (the ImportMapping as JSON, as the console saves it); null: the cooperative's saved one, else guessed. */
  readonly mapping: string | null;
  readonly lang: 'de' | 'en';
  /** The dry run's possible duplicates are confirmed (issue 39): without it an import with warnings is not written. */
  readonly confirmWarnings: boolean;
}

export const USAGE = `Usage: npm run import -- FILE [FILE ...] --cooperative ID [--dry-run] [--mapping FILE.json] [--lang de|en] [--confirm-warnings]
  FILE           CSV (UTF-8 or Windows-1252, ; or , or tab) or XLSX; at most 8 files: one per kind or one workbook
  --cooperative  the id of the cooperative to import into (its share terms must be set)
  --dry-run      check only: print the summary and the problems, write nothing
  --mapping      the column mapping as JSON (ImportMapping); default: the one saved by the last import, else guessed
  --lang         the language of the problems (default de)
  --confirm-warnings  write although the check lists possible duplicates (the same IBAN, or name and birth date)
Checks the whole import through the same rules as the console; writes it only when it has no problems,
in chunks; stopped half way, the same command again finishes it (docs/import.md "Writing").
Uses DATA_DIR (default ./data) as npm start does. Exit code 0: done (or nothing to do); 1: problems; 2: wrong usage.`;

/** At most as many files as the API takes in one upload. */
export const MAX_FILES = 8;

/** A usage error: the message, shown with USAGE, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The arguments as given, or UsageError; null when help was asked for. */
export function parseImportArgs(argv: readonly string[]): ImportArgs | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals.length === 0) throw new UsageError('Name at least one file to import.');
  if (positionals.length > MAX_FILES)
    throw new UsageError(`At most ${MAX_FILES} files at once, got ${positionals.length}.`);
  const cooperativeId = values.cooperative?.trim() ?? '';
  if (cooperativeId === '') throw new UsageError('--cooperative ID is required.');
  const lang = values.lang ?? 'de';
  if (lang !== 'de' && lang !== 'en') throw new UsageError(`--lang must be de or en, got "${lang}".`);
  return {
    files: positionals,
    cooperativeId,
    dryRun: values['dry-run'] === true,
    mapping: values.mapping ?? null,
    lang,
    confirmWarnings: values['confirm-warnings'] === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      cooperative: { type: 'string' },
      'dry-run': { type: 'boolean' },
      mapping: { type: 'string' },
      lang: { type: 'string' },
      'confirm-warnings': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
