import { Injectable } from '@nestjs/common';
import { businessToday, fieldError, ValidationError, type ShareDueView } from '@coop/contracts';
import type { CooperativeDocument } from '../../cooperatives/index.js';
import { isSepaRepresentable, NAME_MAX } from '../../payouts/index.js';
import { insideSepa } from '../../kernel/sepa-area.js';
import { PaymentTermsQuery } from '../../share-payments/index.js';
import { planCollection, type CollectionPlan } from '../domain/collection-plan.js';
import { earliestCollectionDate, isTarget2Day, latestCollectionDate } from '../domain/target2.js';
import { creditorErrors } from '../sepa/collection-file.js';
import { DirectDebitReads } from '../queries/direct-debit-reads.js';
import { newRecordId } from '../../platform/commands/new-id.js';

/** The cooperative as a collection's file names it, and its creditor id (checked). */
export interface CollectionCreditor {
  readonly cooperative: CooperativeDocument;
  readonly creditorId: string;
}

/**
 * What a collection of the selected subscriptions on a day would draw, and what it would leave out and why: the checks
 * and the plan that making one (CreateCollectionHandler) and its preview (`POST /direct-debits/preview`) share, read
 * from the read models. Writes nothing.
 */
@Injectable()
export class CollectionPlanning {
  constructor(
    private readonly reads: DirectDebitReads,
    private readonly terms: PaymentTermsQuery,
  ) {}

  /**
   * Refuses a collection date that is no TARGET2 business day, comes before the earliest one (a business day ahead
   * of today) or after the latest (90 days ahead, decision 323), and a cooperative the file cannot name as creditor;
   * answers the creditor.
   */
  async checkedCreditor(cooperativeId: string, collectionDate: string, now: Date): Promise<CollectionCreditor> {
    const today = businessToday(now);
    const earliest = earliestCollectionDate(today);
    const latest = latestCollectionDate(today);
    if (!isTarget2Day(collectionDate))
      throw new ValidationError([fieldError('collectionDate', 'collectionDateNotBusinessDay', collectionDate)]);
    if (collectionDate < earliest)
      throw new ValidationError([fieldError('collectionDate', 'collectionDateTooEarly', earliest)]);
    if (collectionDate > latest)
      throw new ValidationError([fieldError('collectionDate', 'collectionDateTooLate', latest)]);
    const cooperative = await this.reads.cooperative(cooperativeId);
    const terms = await this.terms.terms(cooperativeId);
    const refusals = creditorErrors(cooperative, terms.creditorId);
    if (refusals.length > 0) throw new ValidationError(refusals);
    return { cooperative, creditorId: terms.creditorId! };
  }

  /** The plan of the selected subscriptions as the read models hold them now, with the dues it was made from. */
  async plan(
    cooperativeId: string,
    collectionDate: string,
    balanceIds: readonly string[],
  ): Promise<{ readonly dues: ReadonlyMap<string, ShareDueView>; readonly plan: CollectionPlan }> {
    const dues = await this.reads.dues(cooperativeId, balanceIds);
    const memberIds = [...new Set([...dues.values()].map((d) => d.member))];
    const plan = planCollection({
      balanceIds,
      collectionDate,
      dues,
      debtors: await this.reads.debtors(cooperativeId, memberIds),
      mandates: await this.reads.mandatesOf(cooperativeId, memberIds),
      representable: (name) => isSepaRepresentable(name, NAME_MAX),
      insideScheme: insideSepa,
      newPaymentId: newRecordId,
    });
    return { dues, plan };
  }
}
