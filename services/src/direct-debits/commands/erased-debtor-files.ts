import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FileStore } from '@coop/contracts';
import {
  DIRECT_DEBITS,
  readDirectDebitCollection,
  type DirectDebitCollectionDocument,
} from '@coop/projections/direct-debits';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import { payments } from '../queries/direct-debit-reads.js';
import { pain008XmlViolations } from '../sepa/pain008-rules.js';
import { endToEndIdOf } from '../sepa/collection-file.js';
import { withoutErasedDebtors } from '../sepa/erased-debtors.js';

const BATCH = 1000;
const collections = new TypedReads<DirectDebitCollectionDocument>(
  DIRECT_DEBITS,
  'DirectDebitCollection',
  readDirectDebitCollection,
);

/**
 * The data-protection clean-up's step for the collections' pain.008 files (issue 27, decision 364): the files are kept
 * in the file store outside crypto-shredding, so every file with a debit of an erased member is rewritten with that
 * debtor anonymised (withoutErasedDebtors). A member's debits are its payments by direct debit of a collection, and the
 * debits that booked nothing (named above what was owed on the collection, decision 270). A file already rewritten is
 * left as it is, so the step may run again for every member the log names as erased (completing a stopped run).
 */
@Injectable()
export class ErasedDebtorFiles {
  private readonly logger = new Logger(ErasedDebtorFiles.name);

  constructor(
    private readonly reads: ReadModels,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** Rewrites the cooperative's collection files naming one of `memberIds`; answers how many it rewrote. */
  async anonymise(cooperativeId: string, memberIds: ReadonlySet<string>): Promise<number> {
    if (memberIds.size === 0) return 0;
    const debits = new Map<string, Set<string>>();
    const add = (collectionId: string, paymentId: string): void => {
      const ids = debits.get(collectionId) ?? new Set<string>();
      ids.add(endToEndIdOf(paymentId));
      debits.set(collectionId, ids);
    };
    for await (const batch of payments.scan(this.reads, cooperativeId, BATCH))
      for (const p of batch) if (p.collectionId !== null && memberIds.has(p.memberId)) add(p.collectionId, p.id);
    const files = new Map<string, string>();
    for await (const batch of collections.scan(this.reads, cooperativeId, BATCH)) {
      for (const c of batch) {
        files.set(c.id, c.fileId);
        for (const a of c.aboveOutstanding) if (memberIds.has(a.memberId)) add(c.id, a.paymentId);
      }
    }
    let rewritten = 0;
    for (const [collectionId, endToEndIds] of debits) {
      const fileId = files.get(collectionId);
      const bytes = fileId === undefined ? null : await this.files.get(fileId);
      if (fileId === undefined || bytes === null) continue;
      const xml = new TextDecoder().decode(bytes);
      const anonymised = withoutErasedDebtors(xml, endToEndIds);
      if (anonymised === xml) continue;
      const violations = pain008XmlViolations(anonymised);
      // A file the rules refuse was made before a rule existed: it is anonymised all the same (the bank has it).
      if (violations.length > 0) this.logger.warn(`Collection ${collectionId} anonymised: ${violations.join('; ')}`);
      await this.files.put(fileId, new TextEncoder().encode(anonymised));
      rewritten += 1;
    }
    return rewritten;
  }
}
