import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  ConcurrencyError,
  importStream,
  type DomainEvent,
  type EventStore,
  type ImportPlan,
  type StreamAppend,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';
import type { Decision } from './import-parts.js';
import { DecisionSpill, planHash } from './decision-spill.js';
import { ImportProcess, type ImportRun } from './import-process.js';

/*
 * The import's write as a process (issue 40) on the embedded store: chunks with their record on the register, a chunk
 * the store took though its caller saw it fail written once, and a run broken off finished by the next to the same log.
 * The decisions come from a spill as a write's replay leaves them (decision 260).
 */

const COOP = 'c-1';
const CHECKSUM = 'f'.repeat(64);
const ctx: CommandContext = {
  actor: { userId: 'u', username: 'admin', roles: [], cooperativeId: COOP },
  correlationId: 'k',
  causationId: 'k',
};
const event = (type: string, n: number): DomainEvent => ({ type, data: { n } });

/** 20 members, each a stream of three events, and the sequence stream counted once per member. */
function decisions(): Decision[] {
  const made: Decision[] = [];
  for (let m = 0; m < 20; m++) {
    made.push({
      streamId: `member-m${m}`,
      expected: -1,
      events: [event('MemberAdmitted', m), event('SharesPosted', m), event('SharesPosted', m + 100)],
    });
    made.push({
      streamId: `membernr-seq-${COOP}`,
      expected: m - 1,
      events: [{ type: 'MemberNumberClaimed', data: { cooperativeId: COOP, memberNr: m + 1, memberId: `m${m}` } }],
    });
    made.push({ streamId: `member-m${m}`, expected: 2, events: [] });
  }
  return made;
}

const plan = (chunks: number, hash: string): ImportPlan => ({
  today: '2026-11-26',
  terms: { shareCost: 10000, minimumShares: 1 },
  closedThrough: null,
  sequence: { highest: 0, revision: -1 },
  confirmWarnings: false,
  chunkEvents: 10,
  chunks,
  events: 80,
  ids: 0,
  planHash: hash,
  uploadId: null,
});

/** A store that fails one chosen append: `after` it was stored (an unknown outcome), or `before` (refused). */
function failing(store: EventStore, at: number, when: 'after' | 'before', error: () => Error): EventStore {
  let calls = 0;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'appendMulti') return Reflect.get(target, prop, receiver) as unknown;
      return async (appends: readonly StreamAppend[]) => {
        calls += 1;
        if (calls === at && when === 'before') throw error();
        const result = await target.appendMulti(appends);
        if (calls === at) throw error();
        return result;
      };
    },
  });
}

describe('the import write as a process (issue 40)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'coop-import-process-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'), 1 << 20);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const writerOn = (events: EventStore): StreamWriter =>
    new StreamWriter(events, {} as never, {} as never, {} as never);

  const spills: DecisionSpill[] = [];
  afterEach(() => {
    for (const spill of spills.splice(0)) spill.close();
  });

  /** The decisions staged as a write's replay hands them over, chunks of about 10 events. */
  function spilled(): DecisionSpill {
    const spill = new DecisionSpill(join(dir, 'spill'), 10);
    spills.push(spill);
    for (const d of decisions()) spill.add(d);
    spill.seal();
    return spill;
  }

  /** Starts the import (as RunImport does) and answers the run to finish it. */
  async function started(events: EventStore): Promise<{ process: ImportProcess; run: ImportRun }> {
    const writer = writerOn(events);
    const process = new ImportProcess(writer, events);
    const planned = spilled();
    const register = await process.load(COOP);
    const files = [{ name: 'a.csv', sha256: 'a'.repeat(64) }];
    const summary = {
      members: 20,
      postingsByType: { 0: 20 },
      exemptionOrders: 0,
      nonAssessments: 0,
      asOf: '2026-11-26',
      activeMembers: 20,
      shares: 40,
      capitalCents: 400000,
      events: 80,
    };
    const start = process.registerAppend({ ctx, cooperativeId: COOP }, register, {
      type: 'StartImport',
      importId: 'imp-1',
      cooperativeId: COOP,
      checksum: CHECKSUM,
      files,
      mapping: { sheets: [] },
      summary,
      plan: plan(planned.chunks.length, planned.planHash),
      by: 'admin',
      at: '2026-11-26T06:00:00.000Z',
    });
    if (start) await events.appendMulti([start]);
    return {
      process,
      run: {
        ctx,
        cooperativeId: COOP,
        importId: 'imp-1',
        plan: planned,
        closedYears: null,
        progress: () => {},
        wait: false,
        numbers: null,
      },
    };
  }

  /** The log as two runs can compare it: the times written aside. */
  const lines = async (events: EventStore): Promise<string[]> =>
    (await events.readAll(0n, 10_000)).map((e) =>
      `${e.streamId}#${e.revision} ${e.type} ${JSON.stringify(e.data)}`.replace(/"at":"[^"]*"/g, '"at":"<time>"'),
    );
  const log = (): Promise<string[]> => lines(store);
  const types = async (): Promise<string[]> => (await store.readStream(importStream(COOP))).map((e) => e.type);

  it('stages the decisions that append in chunks of about the chunk size, never splitting one, hashed as before', () => {
    const planned = spilled();
    // Sizes 3, 1, 3, 1, ...: a chunk closes at the decision that brings it to 10 or more; empty decisions left out.
    const chunks = planned.chunks;
    for (const chunk of chunks.slice(0, -1)) expect(chunk.events).toBeGreaterThanOrEqual(10);
    for (const chunk of chunks) expect(chunk.events).toBeLessThan(13);
    expect(chunks.map((c) => c.from)).toEqual([0, ...chunks.slice(0, -1).map((c) => c.to)]);
    expect(chunks.at(-1)!.to).toBe(40);
    expect(planned.events).toBe(80);
    // What comes back is what went in, chunk by chunk, and the hash is the one a plan has recorded since issue 40.
    const appending = decisions().filter((d) => d.events.length > 0);
    expect(chunks.flatMap((_, i) => planned.read(i))).toEqual(appending);
    expect(planned.planHash).toBe(planHash(appending));
    expect(spilled().planHash).toBe(planned.planHash);
  });

  it('writes the start, each chunk with its record, and the end', async () => {
    const { process, run } = await started(store);
    const done: number[] = [];
    await process.finish({ ...run, progress: (d) => done.push(d) }, await process.load(COOP));
    const chunks = run.plan.chunks.length;
    expect(await types()).toEqual([
      'RegisterImportStarted',
      ...Array.from({ length: chunks }, () => 'RegisterImportChunkWritten'),
      'RegisterImported',
    ]);
    expect((await log()).filter((l) => l.includes('MemberAdmitted'))).toHaveLength(20);
    expect(done.at(-1)).toBe(chunks);
  });

  it('writes a chunk once when the store took it but its caller saw a conflict (a retried append)', async () => {
    const broken = failing(store, 3, 'after', () => new ConcurrencyError(importStream(COOP), 2, 3));
    const { process, run } = await started(broken);
    await process.finish(run, await process.load(COOP));
    const reference = mkdtempSync(join(tmpdir(), 'coop-import-process-ref-'));
    const clean = new SqliteEventStore(join(reference, 'events.sqlite'), 1 << 20);
    try {
      const again = await started(clean);
      await again.process.finish(again.run, await again.process.load(COOP));
      expect(await log()).toEqual(await lines(clean));
    } finally {
      await clean.close();
      rmSync(reference, { recursive: true, force: true });
    }
  });

  it('writes a chunk refused with a conflict from the spill again in the next run, to the same log', async () => {
    // Appends: the start, chunks 0 and 1, then chunk 2 refused with a conflict the store did not take (not written):
    // on the register (a conflict on a member's stream is a clerk's write, which stops the import: decision 301).
    const broken = failing(store, 4, 'before', () => new ConcurrencyError(importStream(COOP), 2, 3));
    const first = await started(broken);
    await expect(first.process.finish(first.run, await first.process.load(COOP))).rejects.toThrow(ConcurrencyError);
    expect((await types()).filter((t) => t === 'RegisterImportChunkWritten')).toHaveLength(2);
    const process = new ImportProcess(writerOn(store), store);
    await process.finish(first.run, await process.load(COOP));
    const reference = mkdtempSync(join(tmpdir(), 'coop-import-process-ref-'));
    const clean = new SqliteEventStore(join(reference, 'events.sqlite'), 1 << 20);
    try {
      const whole = await started(clean);
      await whole.process.finish(whole.run, await whole.process.load(COOP));
      expect(await log()).toEqual(await lines(clean));
    } finally {
      await clean.close();
      rmSync(reference, { recursive: true, force: true });
    }
  });

  it('stops at the chunk after a year began closing meanwhile: abandoned with importYearClosedMeanwhile [year]', async () => {
    // Appends: the start, chunk 0, then a closure locks 2025 (the dividend register moves) before chunk 1.
    const register = `dividends-${COOP}`;
    let calls = 0;
    const closing = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop !== 'appendMulti') return Reflect.get(target, prop, receiver) as unknown;
        return async (appends: readonly StreamAppend[]) => {
          if (++calls === 3) {
            const data = { cooperativeId: COOP, year: 2025, dividendId: 'd-1' };
            const metadata = {
              cooperativeId: COOP,
              user: 'clerk',
              timestamp: '',
              correlationId: 'c',
              causationId: 'c',
            };
            await target.appendMulti([
              {
                streamId: register,
                expected: 'no_stream',
                events: [{ type: 'DividendYearClosing', data, metadata: { ...metadata, schemaVersion: 1 } } as never],
              },
            ]);
          }
          return target.appendMulti(appends);
        };
      },
    });
    const { process, run } = await started(closing);
    const closedYears = { closedThrough: null, streamId: register, expected: 'no_stream' as const };
    await expect(process.finish({ ...run, closedYears }, await process.load(COOP))).rejects.toMatchObject({
      errors: [{ template: 'importYearClosedMeanwhile', parameters: { 0: '2025' } }],
    });
    const recorded = await store.readStream(importStream(COOP));
    expect(recorded.map((e) => e.type)).toEqual([
      'RegisterImportStarted',
      'RegisterImportChunkWritten',
      'RegisterImportAbandoned',
    ]);
    expect(recorded.at(-1)!.data).toMatchObject({
      chunksWritten: 1,
      reason: { template: 'importYearClosedMeanwhile', parameters: ['2025'] },
    });
  });

  it('leaves a run broken off by a refused chunk running, and the next run finishes it to the same log', async () => {
    // Appends: the start, chunks 0 and 1, then chunk 2 refused.
    const broken = failing(store, 4, 'before', () => new Error('leader unavailable'));
    const first = await started(broken);
    await expect(first.process.finish(first.run, await first.process.load(COOP))).rejects.toThrow('leader unavailable');
    expect((await types()).filter((t) => t === 'RegisterImportChunkWritten')).toHaveLength(2);
    expect(await types()).not.toContain('RegisterImported');
    // The next run: the same plan, the register read again.
    const process = new ImportProcess(writerOn(store), store);
    await process.finish(first.run, await process.load(COOP));
    expect((await types()).filter((t) => t === 'RegisterImportChunkWritten')).toHaveLength(
      first.run.plan.chunks.length,
    );
    expect((await log()).filter((l) => l.includes('MemberAdmitted'))).toHaveLength(20);
    const reference = mkdtempSync(join(tmpdir(), 'coop-import-process-ref-'));
    const clean = new SqliteEventStore(join(reference, 'events.sqlite'), 1 << 20);
    try {
      const whole = await started(clean);
      await whole.process.finish(whole.run, await whole.process.load(COOP));
      expect(await log()).toEqual(await lines(clean));
    } finally {
      await clean.close();
      rmSync(reference, { recursive: true, force: true });
    }
    // A further run writes nothing.
    const before = await log();
    await process.finish(first.run, await process.load(COOP));
    expect(await log()).toEqual(before);
  });
});
