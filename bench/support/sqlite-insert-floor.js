// What SQLite alone takes to insert a read store's rows (bench/rebuild-stages.js, issue 41): every `rm_` table of a
// written read store copied into a new file by `INSERT … SELECT` (no JavaScript, no binding), with the indexes a
// rebuild keeps while it writes (the cooperative's, a text order's two; bulk-load/) and the read store's own settings
// (WAL, synchronous NORMAL, a 256 MiB cache), in transactions of `piece` rows as the rebuild commits them. Then the same
// with each `doc` (the document's JSON) left empty: the part of the insert that is the JSON copy. The text index and the
// set-aside indexes are not part of it. The source's pages are read from the page cache, which costs little beside
// the writes.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { now, round } from '../lib.js';

/** `{ rows, ms, withoutDocMs, perRowUs, withoutDocPerRowUs }` for the `rm_` tables of `sourceFile`. */
export function sqliteInsertFloor(sourceFile, dir, piece) {
  const full = copyRows(sourceFile, join(dir, 'insert-floor.sqlite'), piece, 'doc');
  const bare = copyRows(sourceFile, join(dir, 'insert-floor-no-doc.sqlite'), piece, "''");
  return {
    rows: full.rows,
    ms: full.ms,
    withoutDocMs: bare.ms,
    perRowUs: round((full.ms * 1000) / full.rows, 1),
    withoutDocPerRowUs: round((bare.ms * 1000) / bare.rows, 1),
  };
}

function copyRows(sourceFile, file, piece, docExpression) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -262144');
    db.prepare('ATTACH DATABASE ? AS src').run(sourceFile);
    const tables = db
      .prepare("SELECT name, sql FROM src.sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\'")
      .all();
    const orders = new Map(
      db
        .prepare('SELECT collection, field FROM src.text_orders')
        .all()
        .map((o) => [o.collection, o.field]),
    );
    for (const { name, sql } of tables) {
      db.exec(sql);
      const collection = name.slice(3);
      const kept = [`ix_${collection}_coop`];
      if (orders.has(collection)) kept.push(`ix_${collection}_${orders.get(collection)}`, `ix_${collection}_sk`);
      for (const ix of kept) {
        const made = db.prepare("SELECT sql FROM src.sqlite_master WHERE type = 'index' AND name = ?").pluck().get(ix);
        if (made) db.exec(made);
      }
    }
    let rows = 0;
    const started = now();
    for (const { name } of tables) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info('${name}', 'src')`).pluck().all();
      const selected = columns.map((c) => (c === 'doc' ? `${docExpression} AS doc` : c)).join(', ');
      const copy = db.prepare(
        `INSERT INTO main.${name} (${columns.join(', ')}) SELECT ${selected} FROM src.${name} ` +
          'WHERE rowid > ? AND rowid <= ? ORDER BY rowid',
      );
      const bound = db
        .prepare(`SELECT max(r) FROM (SELECT rowid AS r FROM src.${name} WHERE rowid > ? ORDER BY rowid LIMIT ?)`)
        .pluck();
      for (let after = 0; ;) {
        const upTo = bound.get(after, piece);
        if (upTo === null) break;
        rows += db.transaction(() => copy.run(after, upTo).changes)();
        after = upTo;
      }
    }
    return { rows, ms: round(now() - started) };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}
