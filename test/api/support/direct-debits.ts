import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, FileStore } from '@coop/contracts';
import {
  CollectionBooking,
  CreateCollectionHandler,
} from '../../../services/src/direct-debits/commands/collection.commands.js';
import { CollectionPlanning } from '../../../services/src/direct-debits/commands/collection-planning.js';
import { ReturnPaymentCommand } from '../../../services/src/direct-debits/commands/mandate.commands.js';
import { StreamWriter } from '../../../services/src/platform/commands/stream-writer.js';
import { contextFor, type CommandContext } from '../../../services/src/platform/commands/command-context.js';
import { FILE_STORE } from '../../../services/src/platform/file-store/open-file-store.js';
import { ReadModelProgress } from '../../../services/src/platform/read-model-progress.js';
import { EVENT_STORE } from '../../../services/src/platform/tokens.js';
import type { TestApp } from './app.js';

/**
 * A collection handler over the app's stores, as a second API process has one (its own queue of collections), its
 * parts replaced where a test holds or stops them: `book` replaces the booking's `book` (given the real booking, which
 * completes pending collections: a test stops a collection after its file and stream are written, decision 270), and
 * `files` the file store.
 */
export function collectionHandlerWith(
  t: TestApp,
  parts: {
    book?: (real: CollectionBooking) => CollectionBooking['book'];
    files?: (real: FileStore) => FileStore;
  } = {},
): CreateCollectionHandler {
  const app = t.running.app;
  const deps = { strict: false };
  const real = app.get(CollectionBooking, deps);
  const booking = parts.book
    ? Object.assign(Object.create(real) as CollectionBooking, { book: parts.book(real) })
    : real;
  const files = app.get<FileStore>(FILE_STORE, deps);
  return new CreateCollectionHandler(
    app.get(StreamWriter, deps),
    app.get(CollectionPlanning, deps),
    booking,
    parts.files ? parts.files(files) : files,
    app.get<EventStore>(EVENT_STORE, deps),
    app.get(ReadModelProgress, deps),
  );
}

/** The command context of the test app's administrator in its cooperative. */
export function adminContext(t: TestApp): CommandContext {
  return contextFor({
    userId: 'admin',
    username: 'admin',
    roles: ['ROLE_ADMIN', 'ROLE_USER'],
    cooperativeId: t.cooperativeId,
  });
}

/**
 * Records the return of a debit as the clerk does on `date` (noon in Berlin): a collection's debit is dated on its
 * collection date, a business day ahead, and a return is not dated after the day it is recorded (decision 357).
 */
export async function returnedOn(
  t: TestApp,
  member: string,
  payment: string,
  date: string,
  reason: string | null = 'MD06',
): Promise<void> {
  await t.running.app
    .get(CommandBus, { strict: false })
    .execute(new ReturnPaymentCommand(adminContext(t), member, payment, date, reason, new Date(`${date}T10:00:00Z`)));
}
