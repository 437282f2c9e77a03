import Database from 'better-sqlite3';
import type {
  CollectionSpec,
  Filter,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  WriteOp,
} from '@coop/contracts';
import { escapeLike, normaliseSearch, searchText } from './search-text.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Read models in SQLite: a table per collection holding the JSON document, with one indexed
 * column per declared field (strings compare case-insensitively) and a lower-cased search column.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly specs = new Map<string, CollectionSpec>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
  }

  async ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) {
      assertName(spec.name);
      const cols = Object.entries(spec.fields)
        .filter(([f]) => !spec.arrays?.includes(f))
        .map(([f, kind]) => {
          assertName(f);
          return `f_${f} ${kind === 'string' ? 'TEXT COLLATE NOCASE' : 'NUMERIC'}`;
        });
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS rm_${spec.name} (id TEXT PRIMARY KEY, cooperative_id TEXT NOT NULL, ` +
          `doc TEXT NOT NULL, search TEXT NOT NULL DEFAULT ''${cols.map((c) => `, ${c}`).join('')})`,
      );
      this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${spec.name}_coop ON rm_${spec.name} (cooperative_id, id)`);
      for (const f of Object.keys(spec.fields)) {
        if (spec.arrays?.includes(f)) continue;
        this.db.exec(
          `CREATE INDEX IF NOT EXISTS ix_${spec.name}_${f} ON rm_${spec.name} (cooperative_id, f_${f}, id)`,
        );
      }
      this.specs.set(spec.name, spec);
    }
  }

  async get(collection: string, id: string): Promise<ReadDocument | undefined> {
    this.spec(collection);
    const row = this.db.prepare<[string], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE id = ?`).get(id);
    return row ? (JSON.parse(row.doc) as ReadDocument) : undefined;
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    const spec = this.spec(collection);
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.cooperativeId !== null) {
      where.push('cooperative_id = ?');
      params.push(query.cooperativeId);
    }
    for (const filter of query.filters ?? []) this.addFilter(spec, filter, where, params);
    const search = query.search ? normaliseSearch(query.search) : '';
    if (search) {
      where.push(`search LIKE ? ESCAPE '\\'`);
      params.push(`%${escapeLike(search)}%`);
    }
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const order = (query.sort ?? []).map((s) => {
      this.assertField(spec, s.field, true);
      return `${s.field === 'id' ? 'id' : `f_${s.field}`} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`;
    });
    order.push('id ASC');
    const total = this.db
      .prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM rm_${collection}${whereSql}`)
      .get(...params)!.n;
    const rows = this.db
      .prepare<unknown[], { doc: string }>(
        `SELECT doc FROM rm_${collection}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`,
      )
      .all(...params, query.limit ?? -1, query.offset ?? 0);
    return { items: rows.map((r) => JSON.parse(r.doc) as ReadDocument), total };
  }

  async applyBatch(ops: readonly WriteOp[], checkpoint: { name: string; position: bigint }): Promise<void> {
    this.db.transaction(() => {
      for (const op of ops) {
        const spec = this.spec(op.collection);
        if (op.kind === 'delete') {
          this.db.prepare(`DELETE FROM rm_${op.collection} WHERE id = ?`).run(op.id);
          continue;
        }
        const fields = Object.keys(spec.fields).filter((f) => !spec.arrays?.includes(f));
        const values = fields.map((f) => toColumn(op.doc[f]));
        this.db
          .prepare(
            `INSERT OR REPLACE INTO rm_${op.collection} (id, cooperative_id, doc, search${fields
              .map((f) => `, f_${f}`)
              .join('')}) VALUES (?, ?, ?, ?${fields.map(() => ', ?').join('')})`,
          )
          .run(op.doc.id, op.doc.cooperativeId, JSON.stringify(op.doc), searchText(spec, op.doc), ...values);
      }
      this.db
        .prepare('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position')
        .run(checkpoint.name, checkpoint.position.toString());
    })();
  }

  async checkpoint(name: string): Promise<bigint> {
    const row = this.db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?').get(name);
    return row ? BigInt(row.position) : -1n;
  }

  async reset(collections: readonly string[], checkpointName: string): Promise<void> {
    this.db.transaction(() => {
      for (const c of collections) {
        this.spec(c);
        this.db.exec(`DELETE FROM rm_${c}`);
      }
      this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
    })();
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private spec(collection: string): CollectionSpec {
    const spec = this.specs.get(collection);
    if (!spec) throw new Error(`Unknown read-model collection ${collection}`);
    return spec;
  }

  private assertField(spec: CollectionSpec, field: string, sorting = false): void {
    if (field === 'id') return;
    if (!(field in spec.fields) || (sorting && spec.arrays?.includes(field))) {
      throw new Error(`Field ${field} is not declared on ${spec.name}`);
    }
  }

  private addFilter(spec: CollectionSpec, filter: Filter, where: string[], params: unknown[]): void {
    this.assertField(spec, filter.field);
    if (spec.arrays?.includes(filter.field)) {
      const values = filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? filter.values : [];
      if (filter.op === 'range') throw new Error(`Range filter on array field ${filter.field}`);
      where.push(
        `EXISTS (SELECT 1 FROM json_each(doc, '$.${filter.field}') WHERE value IN (${values.map(() => '?').join(', ')}))`,
      );
      params.push(...values);
      return;
    }
    const col = filter.field === 'id' ? 'id' : `f_${filter.field}`;
    if (filter.op === 'eq') {
      if (filter.value === null) where.push(`${col} IS NULL`);
      else {
        where.push(`${col} = ?`);
        params.push(toColumn(filter.value));
      }
    } else if (filter.op === 'in') {
      if (filter.values.length === 0) where.push('0');
      else {
        where.push(`${col} IN (${filter.values.map(() => '?').join(', ')})`);
        params.push(...filter.values.map(toColumn));
      }
    } else {
      if (filter.gte !== undefined) {
        where.push(`${col} >= ?`);
        params.push(toColumn(filter.gte));
      }
      if (filter.lte !== undefined) {
        where.push(`${col} <= ?`);
        params.push(toColumn(filter.lte));
      }
    }
  }
}

function toColumn(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name ${name}`);
}

