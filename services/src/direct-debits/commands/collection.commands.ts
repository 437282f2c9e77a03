import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  ConcurrencyError,
  directDebitCollectionsStream,
  directDebitStream,
  fieldError,
  ValidationError,
  type Decider,
  type DirectDebitCollectionCreated,
  type DirectDebitCollectionOrdered,
  type DirectDebitsAboveOutstanding,
  type DebitAboveOutstanding,
  type EventStore,
  type FileStore,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import type { SkippedDue } from '../domain/collection-plan.js';
import { debitPaymentsDecider } from '../domain/mandate.decider.js';
import { debitFile, debitMessageId } from '../sepa/collection-file.js';
import { pain008Xml } from '../sepa/pain008.js';
import { pain008XmlViolations } from '../sepa/pain008-rules.js';
import { DirectDebitReads } from '../queries/direct-debit-reads.js';
import { bookCollection, type BookingPort, type CollectionBooked } from './collection-booking.js';
import { CollectionPlanning } from './collection-planning.js';

/** The cooperative's collections in order (decision 235): only its revision is read. */
const collectionsOrder: Decider<never, DirectDebitCollectionOrdered, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: () => [],
};

/** The collection's stream read back: the collection, and the debits named above what was owed (decision 270). */
const collectionReader: Decider<
  never,
  DirectDebitCollectionCreated | DirectDebitsAboveOutstanding,
  { created: DirectDebitCollectionCreated['data'] | null; aboveOutstanding: ReadonlySet<string> }
> = {
  initialState: () => ({ created: null, aboveOutstanding: new Set() }),
  evolve: (state, event) =>
    event.type === 'DirectDebitCollectionCreated'
      ? { ...state, created: event.data }
      : {
          ...state,
          aboveOutstanding: new Set([...state.aboveOutstanding, ...event.data.items.map((i) => i.paymentId)]),
        },
  decide: () => [],
};

/** The file store id of a collection's pain.008 file. */
export const collectionFileId = (collectionId: string): string => `direct-debit-${collectionId}`;

/**
 * Books the debits of collections on the members' streams, through the StreamWriter: the member streams read without
 * personal data, each chunk one atomic append, retried from its loads on a conflict.
 */
@Injectable()
export class CollectionBooking {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: DirectDebitReads,
  ) {}

  private port(ctx: CommandContext, cooperativeId: string): BookingPort {
    return {
      load: (streamId) => this.writer.loadWithoutPersonalData(streamId, debitPaymentsDecider),
      loadCollection: async (collectionId) => {
        const { state, expected } = await this.writer.load(directDebitStream(collectionId), collectionReader);
        return { aboveOutstanding: state.aboveOutstanding, expected };
      },
      append: (appends) =>
        this.writer.appendAll(
          appends.map((a) => ({
            streamId: a.streamId,
            expected: a.expected,
            events: this.writer.stamp(a.events, ctx, cooperativeId),
          })),
        ),
      retrying: (attempt) => this.writer.retrying(attempt),
    };
  }

  book(ctx: CommandContext, collection: DirectDebitCollectionCreated['data']): Promise<CollectionBooked> {
    return bookCollection(this.port(ctx, collection.cooperativeId), collection);
  }

  /** Completes the cooperative's collections a stopped write left with debits not booked (read from their streams). */
  async completePending(ctx: CommandContext, cooperativeId: string): Promise<void> {
    for (const collectionId of await this.reads.pendingCollections(cooperativeId)) {
      const { state } = await this.writer.load(directDebitStream(collectionId), collectionReader);
      if (state.created && state.created.cooperativeId === cooperativeId) await this.book(ctx, state.created);
    }
  }
}

export interface CollectionResult {
  readonly collectionId: string;
  readonly skipped: readonly SkippedDue[];
  /** Debits its booking found above what their subscriptions still owed (decision 270): the clerk refunds the excess. */
  readonly aboveOutstanding: readonly DebitAboveOutstanding[];
}

/** Makes a collection of the selected subscriptions on `collectionDate`: its file, its stream, the members' payments. */
export class CreateCollectionCommand extends Command<CollectionResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly collectionDate: string,
    readonly balanceIds: readonly string[],
    readonly now: Date,
  ) {
    super();
  }
}

@CommandHandler(CreateCollectionCommand)
export class CreateCollectionHandler implements ICommandHandler<CreateCollectionCommand, CollectionResult> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly planning: CollectionPlanning,
    private readonly booking: CollectionBooking,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly progress: ReadModelProgress,
  ) {}

  /** The collection under way per cooperative in this process: the next waits for it (docs/direct-debits.md). */
  private readonly running = new Map<string, Promise<unknown>>();

  /**
   * One collection at a time per cooperative, each reading the dues only once the read models include every write before
   * it: two clerks collecting the same due at the same moment would otherwise both put it in a file (the file is stored
   * before the payments are booked), and the bank would draw it twice. In this process they queue; across processes
   * the cooperative's collections stream refuses the later write, which then starts again from the dues (decision 235).
   */
  async execute(command: CreateCollectionCommand): Promise<CollectionResult> {
    const key = command.ctx.actor.cooperativeId;
    const next = (this.running.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.writer.retrying(() => this.create(command)));
    this.running.set(key, next);
    try {
      return await next;
    } finally {
      if (this.running.get(key) === next) this.running.delete(key);
    }
  }

  private async create({ ctx, collectionDate, balanceIds, now }: CreateCollectionCommand): Promise<CollectionResult> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday(now);
    const { cooperative, creditorId } = await this.planning.checkedCreditor(cooperativeId, collectionDate, now);
    // The order of the cooperative's collections as read before the dues: a collection written meanwhile (here or in
    // another process) makes this one's write fail, and it starts again.
    const order = await this.writer.load(directDebitCollectionsStream(cooperativeId), collectionsOrder);
    // The read models first include every collection ordered so far, then any of them left half booked (a stopped
    // write, or one another process is still booking) is completed, and the dues are read only once the read models
    // include those bookings too: read before the wait, another process's collection written a moment ago was not yet
    // among the pending ones, its debits not yet booked, and its dues were drawn a second time (CI, stop 60).
    await this.progress.waitFor(await this.events.headPosition());
    await this.booking.completePending(ctx, cooperativeId);
    await this.progress.waitFor(await this.events.headPosition());

    const { dues, plan } = await this.planning.plan(cooperativeId, collectionDate, balanceIds);
    if (plan.debits.length === 0) throw new ValidationError([fieldError('balanceIds', 'collectionEmpty')]);

    const collectionId = newRecordId();
    const messageId = debitMessageId(now);
    const postingDates = new Map([...dues.values()].map((d) => [d.id, d.date]));
    const xml = pain008Xml(
      debitFile({
        messageId,
        now,
        collectionDate,
        cooperative,
        creditorId,
        debits: plan.debits,
        postingDates,
      }),
    );
    // The file is checked as the bank would (structure, character set, sums) before anything is written.
    const violations = pain008XmlViolations(xml);
    if (violations.length > 0) throw new Error(`pain.008 file breaks its rules: ${violations.slice(0, 5).join('; ')}`);
    const fileId = collectionFileId(collectionId);
    await this.files.put(fileId, new TextEncoder().encode(xml));

    const created: DirectDebitCollectionCreated['data'] = {
      collectionId,
      cooperativeId,
      collectionDate,
      createdOn: today,
      messageId,
      fileId,
      items: plan.debits.map(({ memberId, balanceId, mandateId, paymentId, amount, sequence }) => ({
        memberId,
        balanceId,
        mandateId,
        paymentId,
        amount,
        sequence,
      })),
      totalCents: plan.totalCents,
    };
    try {
      await this.writer.appendAll([
        {
          streamId: directDebitCollectionsStream(cooperativeId),
          expected: order.expected,
          events: this.writer.stamp(
            [{ type: 'DirectDebitCollectionOrdered', data: { cooperativeId, collectionId } }],
            ctx,
            cooperativeId,
          ),
        },
        {
          streamId: directDebitStream(collectionId),
          expected: 'no_stream',
          events: this.writer.stamp([{ type: 'DirectDebitCollectionCreated', data: created }], ctx, cooperativeId),
        },
      ]);
    } catch (error) {
      // Another collection came first: this one's file belongs to nothing.
      if (error instanceof ConcurrencyError) await this.files.remove(fileId);
      throw error;
    }
    const { aboveOutstanding } = await this.booking.book(ctx, created);
    return { collectionId, skipped: plan.skipped, aboveOutstanding };
  }
}
