import { Worker } from 'node:worker_threads';
import type {
  CollectionSpec,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  ViewPage,
  ViewRequest,
  WriteOp,
} from '@coop/contracts';
import type { Areas } from '../areas.js';
import type { FindAnswer, ReadRequest, ReadThreadData, SwitchRequest } from './read-thread-protocol.js';
import { whenReady } from './worker-ready.js';

/** A scan's batch as a read thread answers it: the JSON text, the number of documents, the last one's id. */
type ScanAnswer = ViewPage & { readonly last?: string };

interface ReadThread {
  readonly worker: Worker;
  readonly waiting: Map<number, { resolve: (page: ViewPage) => void; reject: (error: Error) => void }>;
}

/**
 * The SQLite read store with its queries spread over read threads. A list query (find: a search, a sort, a
 * count) costs from a fraction of a millisecond to several; on the API's one event loop every request
 * waited behind the slow ones, and the second core was idle between postings. Here find() goes to the read
 * thread with the fewest open queries, each with its own connection to the same file, while the API thread
 * goes on parsing, checking tokens and answering. Point reads (get, a few microseconds) stay on the API
 * thread's connection, where a message round trip would cost more than the read; so do the writes. Documents read by
 * id for an answer (getMany) go to a thread as well: a page of them no longer in the page cache would stop the API
 * thread for the disk (decision 42).
 *
 * Read-your-writes holds: a read thread's statement starts a read transaction that sees every commit made
 * before it, so a query asked after the projection thread reported a checkpoint includes that write.
 */
export class ThreadedReadStore implements ReadStore {
  private readonly threads: ReadThread[] = [];
  /** Replacements still starting: close waits for them, so no thread opens the file after close has answered. */
  private readonly starting = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  private constructor(
    private local: ReadStore,
    private readonly entry: URL,
    private file: string,
    /** The threads import the areas' module (`areas.module`) for their collections and views (`local` has them already). */
    private readonly areas: Pick<Areas, 'module'>,
  ) {}

  /** Starts `count` read threads on `file` (collections already made by `local`) and waits until they are ready. */
  static async open(
    local: ReadStore,
    entry: URL,
    file: string,
    count: number,
    areas: Pick<Areas, 'module'>,
  ): Promise<ThreadedReadStore> {
    const store = new ThreadedReadStore(local, entry, file, areas);
    // Started side by side: each thread loads the modules and opens its connection (about 150 ms).
    const started = await Promise.allSettled(Array.from({ length: count }, () => store.startThread()));
    for (const result of started) if (result.status === 'fulfilled') store.threads.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) {
      // The threads that did start are stopped with the store.
      await store.close();
      throw failure.reason;
    }
    return store;
  }

  /**
   * A rebuild switched the read models to `file` (decision 171): the API thread's connection is `local` (on that file)
   * from now on, and each read thread opens the file before the next request it takes (its requests are taken in
   * order, so those asked before answer from the old file, wholly). Threads started later open it. Returns the old
   * `local`, for the caller to close once the calls under way on it have answered.
   */
  switchFile(file: string, local: ReadStore): ReadStore {
    const old = this.local;
    this.local = local;
    this.file = file;
    for (const thread of this.threads) thread.worker.postMessage({ switchTo: file } satisfies SwitchRequest);
    return old;
  }

  ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    return this.local.ensureCollections(specs);
  }

  get(collection: string, id: string): Promise<ReadDocument | undefined> {
    return this.local.get(collection, id);
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    // Every read thread stopped (and none restarted yet): the API thread's own connection answers.
    if (this.threads.length === 0 && !this.closed) return this.local.find(collection, query);
    const { json, total } = await this.ask(collection, query);
    return { items: JSON.parse(json) as ReadDocument[], total };
  }

  /**
   * A page turned into a view by the read thread (which opens its store with the same views as `local`), as JSON
   * text: the API thread sends it as it is, without parsing the documents, building the answer and writing it out itself.
   */
  async findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    if (this.threads.length === 0 && !this.closed) return this.local.findView(collection, query, view);
    return this.ask(collection, query, view);
  }

  /**
   * The documents of these ids that exist, read by a read thread: where their pages are not in memory, the read
   * waits for the disk there, not on the API thread (decision 42).
   */
  async getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]> {
    if (ids.length === 0) return [];
    if (this.threads.length === 0 && !this.closed) return this.local.getMany(collection, ids);
    const { json } = await this.send((id) => ({ id, collection, ids }));
    return JSON.parse(json) as ReadDocument[];
  }

  /**
   * Every document of the cooperative, batch by batch, each batch read by a read thread (a scan over a large
   * collection reads from disk: there, not on the API thread) and handed over as one JSON text. One batch is asked
   * ahead: the next one is read while this thread parses and the caller works on the current one (at 200,000
   * members the API thread otherwise waited about 1.5 s for the read thread; docs/performance.md section 6).
   */
  async *scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    if (this.threads.length === 0 && !this.closed) {
      yield* this.local.scan(collection, cooperativeId, batchSize);
      return;
    }
    const batch = (after: string): Promise<ScanAnswer> =>
      this.send((id) => ({ id, collection, scan: { cooperativeId, after, limit: batchSize } })) as Promise<ScanAnswer>;
    let next: Promise<ScanAnswer> | undefined = batch('');
    try {
      while (next) {
        const { json, count, last }: ScanAnswer = await next;
        next = count === batchSize && last !== undefined ? batch(last) : undefined;
        if (count > 0) yield JSON.parse(json) as ReadDocument[];
      }
    } finally {
      // A caller that stops early (or fails) leaves the batch asked ahead: its answer, or its error, is dropped.
      next?.catch(() => undefined);
    }
  }

  /** Sends a query to the read thread with the fewest open queries. */
  private ask(collection: string, query: ReadQuery, view?: ViewRequest): Promise<ViewPage> {
    return this.send((id) => ({ id, collection, query, ...(view ? { view } : {}) }));
  }

  private send(request: (id: number) => ReadRequest): Promise<ViewPage> {
    if (this.closed) return Promise.reject(new Error('The read store is closed'));
    const thread = this.threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage(request(id));
    });
  }

  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): Promise<void> {
    return this.local.applyBatch(ops, checkpoint);
  }

  checkpoint(name: string): Promise<bigint> {
    return this.local.checkpoint(name);
  }

  reset(collections: readonly string[], checkpointName: string): Promise<void> {
    return this.local.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const thread of this.threads) {
      for (const { reject } of thread.waiting.values()) reject(new Error('The read store was closed'));
      thread.waiting.clear();
      await thread.worker.terminate();
    }
    this.threads.length = 0;
    // A replacement started before close terminates itself once ready (replace); wait for that before answering.
    await Promise.allSettled([...this.starting]);
    await this.local.close();
  }

  private async startThread(): Promise<ReadThread> {
    const worker = new Worker(this.entry, {
      workerData: { file: this.file, areas: this.areas.module } satisfies ReadThreadData,
    });
    const thread: ReadThread = { worker, waiting: new Map() };
    await whenReady(worker, 'A read thread');
    worker.on('message', (answer: FindAnswer) => this.answered(thread, answer));
    // A thread that fails fails its open queries; the API answers those requests with an error.
    worker.on('error', (error) => this.failAll(thread, error));
    worker.on('exit', (code) => {
      if (this.closed) return;
      this.failAll(thread, new Error(`A read thread stopped (exit code ${code})`));
      this.replace(thread);
    });
    return thread;
  }

  /** Takes a stopped thread out of the pool and starts another in its place. */
  private replace(stopped: ReadThread): void {
    const i = this.threads.indexOf(stopped);
    if (i >= 0) this.threads.splice(i, 1);
    console.error('A read thread stopped; starting another');
    const started: Promise<void> = this.startThread()
      .then(
        async (thread) => {
          if (this.closed) await thread.worker.terminate();
          else this.threads.push(thread);
        },
        (error: unknown) =>
          console.error('A read thread could not be started again; queries run on the API thread', error),
      )
      .finally(() => this.starting.delete(started));
    this.starting.add(started);
  }

  private answered(thread: ReadThread, answer: FindAnswer): void {
    const waiter = thread.waiting.get(answer.id);
    if (!waiter) return;
    thread.waiting.delete(answer.id);
    if ('error' in answer) waiter.reject(new Error(answer.error));
    else
      waiter.resolve({
        json: answer.json,
        count: answer.count,
        total: answer.total,
        ...(answer.last !== undefined ? { last: answer.last } : {}),
      });
  }

  private failAll(thread: ReadThread, error: Error): void {
    for (const { reject } of thread.waiting.values()) reject(error);
    thread.waiting.clear();
  }
}
