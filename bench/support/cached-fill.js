// Filled data directories kept between runs (bench/.data/), copied and read a 4 KiB page at a time as SQLite does
// (bench/README.md, "Large folios"). The benches that fill 100,000 members or users take them from here.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { benchEnv, built, log, ROOT } from '../lib.js';

/** Where filled data directories are kept between runs (see `cachedFill`); ignored by git. */
export const CACHE_DIR = join(ROOT, 'bench', '.data');

/**
 * A filled data directory, reused between runs: `bench/.data/<key>/` holds the data files of a finished
 * fill and `fill.json` (what `fill(dir)` returned, when and from which commit it was made). When it is
 * missing, `fill(dir)` runs in a scratch directory that becomes the cache only once it completed (an
 * interrupted fill leaves nothing to reuse). `fill` must close every store of the directory before it
 * returns. The run itself gets a copy in `runDir`, so what it writes never reaches the cache.
 * Returns `{ reused, info }`, `info` being the stored `fill.json`.
 */
export async function cachedFill(key, runDir, fill, { enabled = true } = {}) {
  if (!enabled) {
    const result = await fill(runDir);
    return { reused: false, info: { key, result, madeAt: new Date().toISOString(), commit: commitId() } };
  }
  const { reused, info, dir } = await ensureCachedFill(key, fill);
  await copyFill(dir, runDir);
  return { reused, info };
}

/**
 * Copies a filled data directory for a run (copyInPages): all but its `fill.json` and the read-model files of other
 * generations than the current one (`SqliteReadStoreFiles.staleFiles`): the cache's one-time upgrade rebuilds the read
 * models beside the old file, which the product removes at its next start; the cache never starts it, and a copy of the
 * old file (gigabytes at 100,000 members) would only cost each run time and disk.
 */
export async function copyFill(from, to) {
  const { SqliteReadStoreFiles } = await built('projections/dist/index.js');
  const stale = new Set(SqliteReadStoreFiles.staleFiles(from));
  copyInPages(from, to, (name) => name !== 'fill.json' && !stale.has(name));
}

/**
 * The cached fill `bench/.data/<key>/` itself (no copy: for a benchmark that only reads it, or copies it later), made
 * by `fill(dir)` when it holds no finished fill, its read models brought to the current format when reused (unless
 * `upgrade` is off: the caller rebuilds them itself, timed). Returns `{ reused, info, dir }`.
 */
export async function ensureCachedFill(key, fill, { upgrade = true } = {}) {
  mkdirSync(CACHE_DIR, { recursive: true });
  // The cache is never committed: the directory ignores itself.
  if (!existsSync(join(CACHE_DIR, '.gitignore'))) writeFileSync(join(CACHE_DIR, '.gitignore'), '*\n');
  const cached = join(CACHE_DIR, key);
  const reused = existsSync(join(cached, 'fill.json'));
  if (!reused) {
    rmSync(cached, { recursive: true, force: true });
    const scratch = `${cached}.filling-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    try {
      const result = await fill(scratch);
      writeFileSync(
        join(scratch, 'fill.json'),
        `${JSON.stringify({ key, result, madeAt: new Date().toISOString(), commit: commitId() }, null, 2)}\n`,
      );
      renameSync(scratch, cached);
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  const info = JSON.parse(readFileSync(join(cached, 'fill.json'), 'utf8'));
  if (reused && upgrade) await upgradeReadModelFormat(cached);
  return { reused, info, dir: cached };
}

/** The unit SQLite reads and writes its files in (its default page size). */
export const PAGE_BYTES = 4096;

/**
 * Copies a directory as SQLite would have written it: one write call per 4 KiB page, then each file written out to
 * the disk (fsync) before anything is measured on it (otherwise the kernel writes the gigabytes back while the
 * benchmark runs). Not `cpSync`: this kernel (Linux 6.18, ext4) caches a file copied or read in large pieces in large
 * folios, and every later 4 KiB write of SQLite's checkpoints into such a folio, and its write-back, walks all of the
 * folio's blocks. The product's own page-by-page reads and writes make no such folios, so the copy does not either
 * (bench/README.md, "Large folios": the read-ahead's folios cost up to a third of the server's CPU a posting).
 */
export function copyInPages(from, to, keep = () => true) {
  mkdirSync(to, { recursive: true });
  const buffer = Buffer.allocUnsafe(16 * 2 ** 20);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!keep(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      copyInPages(source, target, keep);
      continue;
    }
    if (!entry.isFile()) continue;
    const input = openSync(source, 'r');
    const output = openSync(target, 'w');
    try {
      for (let position = 0, n; (n = readSync(input, buffer, 0, buffer.length, position)) > 0; position += n) {
        for (let at = 0; at < n; at += PAGE_BYTES)
          writeSync(output, buffer, at, Math.min(PAGE_BYTES, n - at), position + at);
      }
      fsyncSync(output);
    } finally {
      closeSync(input);
      closeSync(output);
    }
  }
}

/**
 * Reads a file into the OS page cache a 4 KiB page at a time, from its end to its start, and returns its size.
 * Read backwards the kernel sees no forward stream and reads nothing ahead, so what it caches comes in 4 KiB folios,
 * as the product's own page reads bring them in (see copyInPages for why that matters here).
 */
export function readInPages(file) {
  const buffer = Buffer.allocUnsafe(PAGE_BYTES);
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    for (let position = Math.ceil(size / PAGE_BYTES) * PAGE_BYTES - PAGE_BYTES; position >= 0; position -= PAGE_BYTES) {
      readSync(fd, buffer, 0, PAGE_BYTES, position);
    }
    return size;
  } finally {
    closeSync(fd);
  }
}

/**
 * A cache filled by an older version may hold read models with another format (READ_MODEL_FORMAT); the
 * app would rebuild them at every start of every run (in the copy). They are rebuilt once, in the cache.
 */
async function upgradeReadModelFormat(cached) {
  const { SqliteReadStoreFiles } = await built('projections/dist/index.js');
  // The file `read-models.current` names (decision 171): a cache made since holds no read-models.sqlite.
  const file = SqliteReadStoreFiles.current(cached);
  if (!existsSync(file)) return;
  const { READ_MODEL_FORMAT, READ_MODEL_FORMAT_CHECKPOINT } = await built('projections/dist/index.js');
  if (READ_MODEL_FORMAT === undefined)
    throw new Error('projections/dist/index.js exports no READ_MODEL_FORMAT: build the projections');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  let format;
  let versions;
  try {
    format = db.prepare('SELECT position FROM checkpoints WHERE name = ?').pluck().get(READ_MODEL_FORMAT_CHECKPOINT);
    versions = new Map(
      db
        .prepare("SELECT name, position FROM checkpoints WHERE name LIKE 'read-model-version:%'")
        .all()
        .map((row) => [row.name.slice('read-model-version:'.length), row.position]),
    );
  } finally {
    db.close();
  }
  // A projector whose version changed (decision 170) is rebuilt at the product's start beside the current read models;
  // a run would then measure that rebuild beside its own work (and a short run never finishes it): rebuilt here once.
  const stale = format === String(READ_MODEL_FORMAT) ? await staleCollections(versions) : [];
  if (format === String(READ_MODEL_FORMAT) && stale.length === 0) return;
  const why =
    stale.length > 0 ? `written by another version of their projector: ${stale.join(', ')}` : 'of an older format';
  log(`    ${cached}: read models ${why}; rebuilding them once in the cache (minutes at 1,000,000 events)`);
  execFileSync(process.execPath, [join(ROOT, 'services/dist/rebuild.js')], { env: benchEnv(cached), stdio: 'inherit' });
}

/** The collections whose recorded projector version is not the built projector's (none recorded: none stale). */
async function staleCollections(versions) {
  if (versions.size === 0) return [];
  const { areas } = await built('services/dist/areas.js');
  return areas.projectors.flatMap((projector) =>
    projector.collections.filter((c) => versions.get(c.name) !== String(projector.version ?? 1)).map((c) => c.name),
  );
}

function commitId() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
