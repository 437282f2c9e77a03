/**
 * Issue 39, "Nobody twice" on the command line: `npm run import` (services/dist/member-import/cli/main.js) does not
 * write a register whose check found possible duplicates unless the operator confirms them with `--confirm-warnings`.
 * Without the flag it exits non-zero, names each warning (the rows, the same name and birth date) and writes nothing;
 * with it the register is written. The register: three members, two of them "Schönberger" and "Schoenberger" with one
 * birth date (the same normalised name, issue 39). A file refused whole (an unclosed quotation mark, an `.xls`) exits
 * non-zero with its translated text, not a stack trace (decision 300).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ADMIN_PASSWORD, JWT_SECRET } from './support/app.js';
import { termsSetAndStopped } from './support/first-start.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const TIMEOUT_MS = 240_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../services/dist/member-import/cli/main.js', import.meta.url));

const env = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_OPTIONS: '',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  JWT_SECRET,
  ADMIN_UI_DIR: join(dataDir, 'no-console'),
});

/** Three members (distinct IBANs), rows 3 and 4 the same person by normalised name and birth date; a subscription each. */
function registerFiles(dir: string): string[] {
  const header =
    'Mitgliedsnummer;Mitgliedsart;Funktion;Anrede;Briefanrede;Titel;Name / Firma;Vorname;Geburtsdatum;Rechtsform;Familienstand;Straße;Hausnummer;PLZ;Ort;Bundesland;Ausland;E-Mail;Bank;IBAN;BIC;Eintrittsdatum;Zulassungsdatum;Verzinsungsbeginn';
  const member = (nr: number, name: string, born: string, iban: string): string =>
    `${nr};1;0;Frau;female;none;${name};Anna;${born};0;0;Lindenweg;${nr};12345;Musterstadt;by;nein;anna${nr}@example.org;Musterbank;${iban};COBADEFFXXX;15.01.2020;20.01.2020;01.02.2020`;
  const members = [
    header,
    member(1, 'Weber', '03.07.1975', 'DE89370400440532013000'),
    member(2, 'Schönberger', '12.04.1980', 'DE02120300000000202051'),
    member(3, 'Schoenberger', '12.04.1980', 'DE02500105170137075030'),
  ];
  const postings = [
    'Mitgliedsnummer;Buchungsnummer;Buchungsart;Anzahl;Datum;Zulassungsdatum;Verzinsungsbeginn',
    ...[1, 2, 3].map((nr) => `${nr};A${nr};0;3;15.01.2020;20.01.2020;01.02.2020`),
  ];
  const files = [join(dir, 'Mitglieder.csv'), join(dir, 'Buchungen.csv')];
  writeFileSync(files[0]!, `\uFEFF${members.join('\r\n')}\r\n`);
  writeFileSync(files[1]!, `\uFEFF${postings.join('\r\n')}\r\n`);
  return files;
}

/** Members admitted in the log. */
function admitted(dataDir: string): number {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM events WHERE type = 'MemberAdmitted'").get()?.n ?? 0
    );
  } finally {
    db.close();
  }
}

function runCli(args: readonly string[], dataDir: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: env(dataDir),
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('npm run import and the possible duplicates (--confirm-warnings)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-import-cli-warnings-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'writes nothing and exits non-zero naming the warnings without the flag; writes with it',
    async () => {
      // First start and the share terms, then the server stopped: the operator imports with the server down.
      server = await startServer(dataDir);
      const cooperativeId = await termsSetAndStopped(server);
      server = undefined;
      const files = registerFiles(dataDir);
      const args = [...files, '--cooperative', cooperativeId];

      const refused = runCli([...args, '--lang', 'en'], dataDir);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/^Possible duplicates \(1\), to check before writing:/m);
      expect(refused.output).toMatch(
        /row 4, column Name \/ Firma \("Schoenberger"\): The same name and birth date as row 3: the same person twice\?/,
      );
      expect(refused.output).toMatch(
        /^Not written: check the possible duplicates and confirm them with --confirm-warnings\.$/m,
      );
      expect(refused.output).not.toMatch(/^Written/m);
      expect(admitted(dataDir)).toBe(0);

      // in German as well
      const refusedDe = runCli([...args, '--lang', 'de'], dataDir);
      expect(refusedDe.status).toBe(1);
      expect(refusedDe.output).toMatch(/^Mögliche Doppelerfassungen \(1\), vor dem Schreiben zu prüfen:/m);
      expect(refusedDe.output).toMatch(/--confirm-warnings/);
      expect(admitted(dataDir)).toBe(0);

      // A file refused whole is named in the operator's language with what to do, not a stack trace (decision 300).
      const broken = join(dataDir, 'Kaputt.csv');
      writeFileSync(broken, 'Mitgliedsnummer;Name / Firma\n1;Weber\n2;"Schmidt\n3;Meier\n');
      const xls = join(dataDir, 'Alt.xls');
      writeFileSync(xls, Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2048, 0)]));
      const unreadable = runCli([broken, '--cooperative', cooperativeId, '--lang', 'en'], dataDir);
      expect(unreadable.status).toBe(1);
      expect(unreadable.output).toMatch(
        /^In the file Kaputt\.csv a quotation mark opened in row 3 is never closed, so the rest of the file would be one cell: close or remove it$/m,
      );
      const old = runCli([xls, '--cooperative', cooperativeId, '--lang', 'de', '--dry-run'], dataDir);
      expect(old.status).toBe(1);
      expect(old.output).toMatch(/^Die Datei Alt\.xls ist eine Excel-97-2003-Arbeitsmappe \(XLS\)/m);
      for (const output of [unreadable.output, old.output]) expect(output).not.toMatch(/ValidationError|^\s+at /m);
      expect(admitted(dataDir)).toBe(0);

      const written = runCli([...args, '--lang', 'en', '--confirm-warnings'], dataDir);
      expect({ status: written.status, output: written.output }).toMatchObject({
        status: 0,
        output: expect.stringMatching(/^Written/m) as unknown,
      });
      expect(admitted(dataDir)).toBe(3);
    },
    TIMEOUT_MS,
  );
});
