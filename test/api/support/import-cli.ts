/**
 * The command line's import (`npm run import`, services/dist/member-import/cli/main.js) driven by the API tests of
 * issues 29 and 40 (import-crash, import-abandon): its environment with small chunks and the test-only stop switch
 * `COOP_TEST_STOP_AT`, a German CSV register, and the event log read straight from the data directory.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ADMIN_PASSWORD, JWT_SECRET } from './app.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../../services/dist/member-import/cli/main.js', import.meta.url));
/** Members in the register of `registerFiles`. */
export const MEMBERS = 120;
/** Small chunks: the import of MEMBERS members is written in about a dozen. */
const CHUNK_EVENTS = '60';

export const env = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_OPTIONS: '',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  JWT_SECRET,
  ADMIN_UI_DIR: join(dataDir, 'no-console'),
  IMPORT_CHUNK_EVENTS: CHUNK_EVENTS,
  COOP_TEST_STOP_AT: '',
  ...extra,
});

/** A register of MEMBERS members, each with its subscription and one more posting (German CSV, one file per kind). */
export function registerFiles(dir: string, name = 'Mitglieder.csv', members = MEMBERS): string[] {
  const rows = [
    'Mitgliedsnummer;Mitgliedsart;Funktion;Anrede;Briefanrede;Titel;Name / Firma;Vorname;Geburtsdatum;Rechtsform;Familienstand;Straße;Hausnummer;PLZ;Ort;Bundesland;Ausland;E-Mail;Bank;IBAN;BIC;Eintrittsdatum;Zulassungsdatum;Verzinsungsbeginn',
  ];
  const postings = ['Mitgliedsnummer;Buchungsnummer;Buchungsart;Anzahl;Datum;Zulassungsdatum;Verzinsungsbeginn'];
  for (let nr = 1; nr <= members; nr++) {
    rows.push(
      `${nr};1;0;Frau;female;none;Absturz;Anna ${nr};12.04.1980;0;0;Lindenweg;7;12345;Musterstadt;by;nein;anna${nr}@example.org;Musterbank;DE89370400440532013000;COBADEFFXXX;15.01.2020;20.01.2020;01.02.2020`,
    );
    postings.push(
      `${nr};A${nr};0;3;15.01.2020;20.01.2020;01.02.2020`,
      `${nr};B${nr};1;2;02.03.2021;05.03.2021;01.04.2021`,
    );
  }
  const files = [join(dir, name), join(dir, 'Buchungen.csv')];
  writeFileSync(files[0]!, `\uFEFF${rows.join('\r\n')}\r\n`);
  writeFileSync(files[1]!, `\uFEFF${postings.join('\r\n')}\r\n`);
  return files;
}

export interface LoggedEvent {
  readonly stream_id: string;
  readonly revision: number;
  readonly type: string;
  readonly data: string;
}

/** The log's events after `after` (a position), in order, without their metadata (who, when, correlation). */
export function logEvents(dataDir: string, after = 0): LoggedEvent[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[number], LoggedEvent>(
        'SELECT stream_id, revision, type, data FROM events WHERE position > ? ORDER BY position',
      )
      .all(after);
  } finally {
    db.close();
  }
}

export const headOf = (dataDir: string): number => {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM events').get()?.n ?? 0;
  } finally {
    db.close();
  }
};

/** Runs the command line to its end (or its stop): exit code, the signal that ended it, its output. */
export function runCli(
  args: readonly string[],
  dataDir: string,
  extra: Record<string, string> = {},
): { status: number | null; signal: NodeJS.Signals | null; output: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: env(dataDir, extra),
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, signal: r.signal, output: `${r.stdout}${r.stderr}` };
}
