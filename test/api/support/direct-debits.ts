import type { EventStore, FileStore } from '@coop/contracts';
import {
  CollectionBooking,
  CreateCollectionHandler,
} from '../../../services/src/direct-debits/commands/collection.commands.js';
import { DirectDebitReads } from '../../../services/src/direct-debits/queries/direct-debit-reads.js';
import { PaymentTermsQuery } from '../../../services/src/share-payments/index.js';
import { StreamWriter } from '../../../services/src/platform/commands/stream-writer.js';
import { FILE_STORE } from '../../../services/src/platform/file-store/open-file-store.js';
import { ReadModelProgress } from '../../../services/src/platform/read-model-progress.js';
import { EVENT_STORE } from '../../../services/src/platform/tokens.js';
import type { TestApp } from './app.js';

/**
 * The app's collection handler with its booking replaced by `book` (given the real booking, which completes pending
 * collections): a test stops a collection after its file and stream are written (decision 270).
 */
export function collectionHandlerWith(
  t: TestApp,
  book: (real: CollectionBooking) => CollectionBooking['book'],
): CreateCollectionHandler {
  const app = t.running.app;
  const deps = { strict: false };
  const real = app.get(CollectionBooking, deps);
  const booking = Object.assign(Object.create(real) as CollectionBooking, { book: book(real) });
  return new CreateCollectionHandler(
    app.get(StreamWriter, deps),
    app.get(DirectDebitReads, deps),
    booking,
    app.get(PaymentTermsQuery, deps),
    app.get<FileStore>(FILE_STORE, deps),
    app.get<EventStore>(EVENT_STORE, deps),
    app.get(ReadModelProgress, deps),
  );
}
