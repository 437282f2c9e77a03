import { Worker } from 'node:worker_threads';
import type { ReadStore } from '@coop/contracts';
import { groupOf, type ParallelReplay, type Projector, type SqliteReadStoreOptions } from '@coop/projections';
import type { Areas } from '../areas.js';
import type { AppConfig } from '../config/config.js';
import type { FromReplayThread, ReplayThreadData } from './replay-protocol.js';

/**
 * How long a connection of a replay on two cores waits for the other's write: the indexes one group makes at its end
 * hold the write lock for about a second per 100,000 documents (decision 284), far longer than SQLite's usual 5 s wait
 * at 200,000 members.
 */
export const REPLAY_BUSY_TIMEOUT_MS = 10 * 60_000;

/**
 * A rebuild's replay on two cores for the SQLite read store (decision 284): a thread (replay-thread.ts) replays every
 * projector but the heaviest one's group into the side file, while the projection thread replays that group. The
 * heaviest is the projector with the most declared fields (each an index kept and made again at the end), its group
 * those it reads or that read it (groupOf). Today that is the tax papers' projector (22 fields), which reads the
 * members: its group is the tax papers and the members' projector, whose members and postings are most of the documents.
 */
export class ThreadReplay implements ParallelReplay {
  constructor(
    private readonly entry: URL,
    private readonly config: AppConfig,
    private readonly areas: Areas,
    /** The file of a side store (SqliteReadStoreFiles.fileOf). */
    private readonly fileOf: (side: ReadStore) => string | undefined,
    private readonly sqlite: ReplayThreadData['sqlite'],
  ) {}

  helperShare(projectors: readonly Projector[]): readonly Projector[] {
    const anchor = heaviest(projectors);
    if (!anchor) return [];
    const kept = new Set(groupOf(anchor, projectors));
    return projectors.filter((p) => !kept.has(p));
  }

  replay(side: ReadStore, projectors: readonly Projector[], upTo: bigint): Promise<{ events: number }> {
    const file = this.fileOf(side);
    if (file === undefined) return Promise.reject(new Error('The replay helper fills a side SQLite read store only'));
    const indexes = projectors.map((p) => this.areas.projectors.indexOf(p));
    if (indexes.includes(-1)) return Promise.reject(new Error('The replay helper replays the areas’ projectors only'));
    const data: ReplayThreadData = {
      config: this.config,
      areas: this.areas.module,
      file,
      sqlite: this.sqlite,
      projectors: indexes,
      upTo: upTo.toString(),
    };
    return new Promise((resolve, reject) => {
      const worker = new Worker(this.entry, { workerData: data });
      let answer: FromReplayThread | undefined;
      worker.on('message', (message: FromReplayThread) => (answer = message));
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (answer?.kind === 'done') resolve({ events: answer.events });
        else reject(new Error(answer?.kind === 'failed' ? answer.message : `The replay helper ended (${code})`));
      });
    });
  }
}

/** The projector whose collections declare the most fields (the first of equals); none of none. */
function heaviest(projectors: readonly Projector[]): Projector | undefined {
  const weight = (p: Projector): number => p.collections.reduce((n, c) => n + Object.keys(c.fields).length, 0);
  return projectors.reduce<Projector | undefined>(
    (best, p) => (best && weight(best) >= weight(p) ? best : p),
    undefined,
  );
}

/**
 * The replay thread's page cache in MiB: its connection reads through the file's memory map, and its cache holds its
 * batch's written pages. 64 MiB instead of the writer's 256 cost no time at 200,000 members and 200 MiB less (decision
 * 284): 417.6 s and a peak of 1,167 MiB against 413.7 s and 1,376 MiB.
 */
export const REPLAY_THREAD_CACHE_MIB = 64;

/** The options for the side store's connections in a replay on two cores: both wait for each other's writes. */
export function replayConnection(sqlite: SqliteReadStoreOptions): SqliteReadStoreOptions {
  return { ...sqlite, busyTimeoutMs: REPLAY_BUSY_TIMEOUT_MS };
}

/** The replay thread's own connection's options: its smaller cache, the long wait, the projection writer's checkpoints. */
export function replayThreadConnection({ walAutocheckpointPages }: SqliteReadStoreOptions): ReplayThreadData['sqlite'] {
  return {
    cacheMiB: REPLAY_THREAD_CACHE_MIB,
    busyTimeoutMs: REPLAY_BUSY_TIMEOUT_MS,
    ...(walAutocheckpointPages === undefined ? {} : { walAutocheckpointPages }),
  };
}
