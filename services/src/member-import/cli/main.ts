/**
 * `npm run import -- FILE [FILE…] --cooperative ID [--dry-run] [--mapping FILE.json] [--lang de|en]` (issue 29): an
 * operator's migration. Opens the stores of DATA_DIR as `npm run demo` does (run it with the server stopped, as the
 * demo), reads and checks the files through the same rules as the console's import, prints the formats detected, the
 * mapping used, the summary and the problems, and (without --dry-run, when there are none) writes the import through
 * the same all-or-nothing path as `POST /import`. Exit code 0: done or nothing to do; 1: problems; 2: wrong usage.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { userInfo } from 'node:os';
import type { RunningContext } from '../../create-app.js';
import type { UploadedFile } from '../commands/import-parts.js';
import { readAhead } from '../files/read-file.js';
import { READS_AT_ONCE } from '../files/read-import.js';
import type { ImportMapping } from '../import-types.js';
import { parseImportArgs, UsageError, USAGE, type ImportArgs } from './cli-args.js';
import { headOf } from './file-head.js';
import {
  CLI_TEXTS,
  formatFormats,
  formatMapping,
  formatProblems,
  formatWarnings,
  formatSummary,
  type MappingSource,
} from './cli-report.js';

/*
 * The application's modules are loaded once the files' reads have begun (decision 250): loading them (every area's
 * module, the PDF fonts) and opening the stores took 5-8 s of a 20,000-member dry run, in which the reading threads
 * now parse the files on the other core.
 */
const loadApp = async () => {
  const [contracts, cooperatives, areas, app, context, config, reads, run, mapping, texts, history] = await Promise.all(
    [
      import('@coop/contracts'),
      import('../../cooperatives/index.js'),
      import('../../areas.js'),
      import('../../create-app.js'),
      import('../../platform/commands/command-context.js'),
      import('../../platform/config/config.js'),
      import('../../platform/http/read-models.js'),
      import('../commands/run-import.js'),
      import('../commands/import-mapping.js'),
      import('../problem-texts.js'),
      import('../queries/import-history.js'),
    ],
  );
  return {
    NotFoundError: contracts.NotFoundError,
    ROLES: contracts.ROLES,
    ValidationError: contracts.ValidationError,
    cooperativeDocuments: cooperatives.cooperativeDocuments,
    areas: areas.areas,
    createAppContext: app.createAppContext,
    contextFor: context.contextFor,
    loadConfig: config.loadConfig,
    ReadModels: reads.ReadModels,
    RunImport: run.RunImport,
    mappingOrGuess: mapping.mappingOrGuess,
    parseMapping: mapping.parseMapping,
    problemText: texts.problemText,
    templateText: texts.templateText,
    ImportHistory: history.ImportHistory,
  };
};
type App = Awaited<ReturnType<typeof loadApp>>;
type Actor = Parameters<App['contextFor']>[0];

const started = performance.now();
/** Seconds since the command started, one decimal. */
const seconds = (): number => Math.round((performance.now() - started) / 100) / 10;

/** Exit codes: done, problems, wrong usage. */
const OK = 0;
const PROBLEMS = 1;
const USAGE_ERROR = 2;

function usageError(message: string): never {
  throw new UsageError(message);
}

async function readFiles(args: ImportArgs): Promise<UploadedFile[]> {
  const t = CLI_TEXTS[args.lang];
  return Promise.all(
    args.files.map(async (path) => {
      const bytes = await readFile(path).catch(() => usageError(t.noFile(path)));
      return { name: basename(path), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    }),
  );
}

async function readMapping(args: ImportArgs, { parseMapping, ValidationError }: App): Promise<ImportMapping | null> {
  if (args.mapping === null) return null;
  const t = CLI_TEXTS[args.lang];
  const text = await readFile(args.mapping, 'utf8').catch(() => usageError(t.noFile(args.mapping!)));
  try {
    return parseMapping(text) ?? usageError(t.badMapping(args.mapping));
  } catch (error) {
    if (error instanceof ValidationError) usageError(t.badMapping(args.mapping));
    throw error;
  }
}

function operator(): string {
  try {
    return `npm run import (${userInfo().username})`;
  } catch {
    return 'npm run import';
  }
}

/** The import itself on the opened stores; the exit code. */
async function run(
  loaded: App,
  running: RunningContext,
  args: ImportArgs,
  files: readonly UploadedFile[],
  heads: readonly UploadedFile[],
  given: ImportMapping | null,
): Promise<number> {
  const { NotFoundError, ROLES, ValidationError, cooperativeDocuments, ReadModels, RunImport, ImportHistory } = loaded;
  const { contextFor, mappingOrGuess, problemText } = loaded;
  const { lang } = args;
  const t = CLI_TEXTS[lang];
  const app = running.app;
  // The read models first include everything in the log (a former import's member numbers, its saved mapping).
  await running.storage.runner.waitFor(await running.storage.events.headPosition(), 120_000);
  const reads = app.get(ReadModels, { strict: false });
  await cooperativeDocuments.get(reads, args.cooperativeId, args.cooperativeId).catch((error: unknown) => {
    if (error instanceof NotFoundError) usageError(t.noCooperative(args.cooperativeId));
    throw error;
  });
  const actor: Actor = {
    userId: 'import-cli',
    username: operator(),
    roles: [...ROLES],
    cooperativeId: args.cooperativeId,
  };
  const ctx = contextFor(actor);
  const runImport = app.get(RunImport, { strict: false });

  const saved = given ? null : await app.get(ImportHistory, { strict: false }).savedMapping(args.cooperativeId);
  const mapping = await mappingOrGuess(heads, given, saved).catch(() => mappingOrGuess(files, given, saved));
  const source: MappingSource = given
    ? { kind: 'file', path: args.mapping ?? '' }
    : saved
      ? { kind: 'saved' }
      : { kind: 'guessed' };
  const text = (p: Parameters<typeof problemText>[0]): string => problemText(p, lang, { withSheet: true });

  if (args.dryRun) {
    const result = await runImport.dryRun(ctx, files, mapping);
    console.log(
      `${formatFormats(result.formats, lang)}\n\n${formatMapping(mapping, source, lang)}\n\n${formatSummary(result.summary, lang)}\n`,
    );
    console.log(formatProblems(result.problems, result.problemCount, text, lang, files.length));
    if (result.warningCount > 0)
      console.log(`\n${formatWarnings(result.warnings, result.warningCount, text, lang, files.length)}`);
    const before = result.alreadyImported;
    console.log(
      `\n${before ? t.before(before.importId, before.at, before.by) : result.problemCount === 0 ? `${t.dryRun} ${t.canWrite}` : t.dryRun}`,
    );
    return result.problemCount > 0 ? PROBLEMS : OK;
  }

  console.log(`${formatMapping(mapping, source, lang)}\n`);
  console.log(t.writing);
  // As the demo: the projections pause while the log is written and follow it afterwards in large batches, instead of
  // competing with the write for the two cores.
  const runner = running.storage.runner;
  await runner.stop();
  const headBefore = await running.storage.events.headPosition();
  try {
    const result = await runImport.write(ctx, files, mapping, { wait: false, confirmWarnings: args.confirmWarnings });
    console.log(`\n${formatSummary(result.summary, lang)}\n`);
    if (!result.written) {
      await runner.start();
      const record = (await app.get(ImportHistory, { strict: false }).list(args.cooperativeId)).find(
        (r) => r.id === result.importId,
      );
      console.log(t.before(result.importId, record?.at ?? '?', record?.by ?? '?'));
      return OK;
    }
    console.log(t.written(result.importId, result.summary.events, seconds()));
    console.log(t.projecting);
    const projecting = performance.now();
    // More written than the log held before (a register moving into a new store): the read models are built again from
    // the whole log, as `npm run projections:rebuild` (and the demo) does, about three times faster than following it.
    const head = await running.storage.events.headPosition();
    if (Number(head - headBefore) > Number(headBefore)) await runner.rebuild();
    await runner.start();
    await runner.waitFor(head, 3_600_000);
    console.log(t.projected(Math.round((performance.now() - projecting) / 100) / 10));
    return OK;
  } catch (error) {
    if (error instanceof ValidationError && error.errors.some((e) => e.template === 'importWarningsNotConfirmed')) {
      await runner.start();
      const result = await runImport.dryRun(ctx, files, mapping);
      console.log(`\n${formatWarnings(result.warnings, result.warningCount, text, lang, files.length)}`);
      console.log(`\n${t.unconfirmed}`);
      return PROBLEMS;
    }
    if (!(error instanceof ValidationError) || !error.errors.some((e) => e.template === 'importHasProblems'))
      throw error;
    // Refused: the dry run lists what is wrong.
    const result = await runImport.dryRun(ctx, files, mapping);
    console.log(`\n${formatFormats(result.formats, lang)}\n\n${formatSummary(result.summary, lang)}\n`);
    console.log(formatProblems(result.problems, result.problemCount, text, lang, files.length));
    console.log(`\n${t.hasProblems}`);
    return PROBLEMS;
  }
}

async function main(): Promise<number> {
  let args: ImportArgs | null;
  try {
    args = parseImportArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return USAGE_ERROR;
  }
  if (args === null) {
    console.log(USAGE);
    return OK;
  }
  const t = CLI_TEXTS[args.lang];
  let running: RunningContext | undefined;
  let loaded: App | undefined;
  try {
    const files = await readFiles(args);
    // The files' reads begin now, two at a time in threads as the import reads them (READS_AT_ONCE), and the heads the
    // mapping is guessed from here; the import and the guess take them (the same objects) when they read.
    const heads = files.map(headOf);
    readAhead(files, { atOnce: READS_AT_ONCE });
    if (args.mapping === null)
      readAhead(
        heads.filter((head, i) => head !== files[i]),
        { atOnce: 1, here: true },
      );
    loaded = await loadApp();
    const mapping = await readMapping(args, loaded);
    const config = loaded.loadConfig();
    console.log(t.importing(files.length, args.cooperativeId, config.dataDir));
    running = await loaded.createAppContext(config, loaded.areas, { logger: false });
    return await run(loaded, running, args, files, heads, mapping);
  } catch (error) {
    // A file refused whole (unreadable, of another kind, beyond a limit of reading): its text, not a stack trace.
    if (loaded && error instanceof loaded.ValidationError && error.errors.every((e) => e.field === 'files')) {
      for (const e of error.errors) console.error(loaded.templateText(e.template, e.parameters, args.lang));
      return PROBLEMS;
    }
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return USAGE_ERROR;
  } finally {
    await running?.close();
    console.log(t.peak(Math.round(process.resourceUsage().maxRSS / 1024), seconds()));
  }
}

process.exit(await main());
