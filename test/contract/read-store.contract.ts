import type { ReadStore, ViewBuilder } from '@coop/contracts';
import { batchesContract } from './read-store.batches.contract.js';
import { byIdAndViewsContract, CONTRACT_VIEWS } from './read-store.by-id-and-views.contract.js';
import { keptCountsContract } from './read-store.counts.contract.js';
import { documentsContract } from './read-store.documents.contract.js';
import { CHECKPOINT, notes, plainMembers, postings, seed, type ContractSuite } from './read-store.fixture.js';
import { manyDocumentsContract } from './read-store.many-documents.contract.js';
import { queriesContract } from './read-store.queries.contract.js';
import { DOCUMENTED_MEMBERS, scaleContract } from './read-store.scale.contract.js';
import { scanContract } from './read-store.scan.contract.js';
import { searchContract } from './read-store.search.contract.js';

export interface ReadStoreContractOptions {
  /** Called once after the suite, e.g. to drop a test database; the store is closed afterwards. */
  readonly dispose?: (store: ReadStore) => Promise<void>;
  /** Declares the members' `name` as their textOrder: every answer must stay the same. */
  readonly textOrder?: boolean;
  /** Also runs the contract at the documented size (DOCUMENTED_MEMBERS documents; scaleContract). */
  readonly scale?: boolean;
}

/**
 * The contract every ReadStore adapter keeps; `open` makes the adapter with the view builders it is given. One store
 * per suite, its members seeded again before each test (read-store.fixture.ts); each part of the contract is a file of
 * its own (read-store.<part>.contract.ts), run here in this order.
 */
export function readStoreContract(
  name: string,
  open: (views: Readonly<Record<string, ViewBuilder>>) => Promise<ReadStore>,
  options: ReadStoreContractOptions = {},
): void {
  const members = options.textOrder ? { ...plainMembers, textOrder: 'name' } : plainMembers;
  describe(`ReadStore contract: ${name}${options.textOrder ? ', text index in name order' : ''}`, () => {
    let store: ReadStore;
    const suite: ContractSuite = { name, store: () => store, members, textOrder: options.textOrder ?? false };

    beforeAll(async () => {
      store = await open(CONTRACT_VIEWS);
      await store.ensureCollections([members, notes, postings]);
      await store.ensureCollections([members, notes, postings]); // idempotent
    });
    afterAll(async () => {
      if (options.dispose && store) await options.dispose(store);
      // undefined when open() failed (server unreachable): let that error be the one reported.
      await (store as ReadStore | undefined)?.close();
    });
    beforeEach(async () => {
      await store.reset([members.name, notes.name], CHECKPOINT);
      await store.applyBatch(
        seed.map((doc) => ({ kind: 'put', collection: members.name, doc })),
        { name: CHECKPOINT, position: 100n },
      );
    });

    documentsContract(suite);
    byIdAndViewsContract(() => store, members);
    searchContract(() => store, options.textOrder ?? false);
    scanContract(() => store, members);
    keptCountsContract(() => store, members, CHECKPOINT);
    if (options.scale) scaleContract(() => store, DOCUMENTED_MEMBERS);
    batchesContract(suite);
    describe('find', () => {
      queriesContract(suite);
      manyDocumentsContract(suite);
    });
  });
}
