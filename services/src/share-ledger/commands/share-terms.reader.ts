import { Injectable } from '@nestjs/common';
import { cooperativeStream, DEFAULT_NOTICE_PERIOD_MONTHS, interestBeginRuleOf } from '@coop/contracts';
import { cooperativeDecider } from '../../cooperatives/index.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';

/**
 * The cooperative's share price (cents), minimum holding and notice period (months), from its stream: every posting needs them, and so does an
 * admission (its initial subscription). Exported by the share ledger's module.
 */
@Injectable()
export class ShareTermsReader {
  /**
   * The share terms last read per cooperative, with the revision of the cooperative stream they were
   * read at. They hold no personal data (an erased contact person does not linger here).
   */
  private readonly termsRead = new Map<string, { readonly revision: number; readonly terms: ShareTerms }>();

  constructor(private readonly writer: StreamWriter) {}

  /**
   * When the stream has no event after the revision the terms were last read at, that reading is still the current
   * one (streams only grow), so only the stream's tail is read, not the whole stream with its sealed contact data.
   */
  async terms(cooperativeId: string): Promise<ShareTerms> {
    const streamId = cooperativeStream(cooperativeId);
    const known = this.termsRead.get(cooperativeId);
    if (known && (await this.writer.readAfter(streamId, known.revision)).length === 0) return known.terms;
    const { state, expected } = await this.writer.load(streamId, cooperativeDecider);
    const cost = state.fields.balanceCost;
    const minimum = state.fields.minimumShares;
    const period = state.fields.noticePeriodMonths;
    const terms = {
      shareCost: typeof cost === 'number' && Number.isSafeInteger(cost) ? cost : 0,
      minimumShares: typeof minimum === 'number' && Number.isSafeInteger(minimum) && minimum >= 1 ? minimum : 1,
      noticePeriodMonths:
        typeof period === 'number' && Number.isSafeInteger(period) && period >= 1
          ? period
          : DEFAULT_NOTICE_PERIOD_MONTHS,
      interestBeginRule: interestBeginRuleOf(state.fields.interestBeginRule),
    };
    if (typeof expected === 'number') this.termsRead.set(cooperativeId, { revision: expected, terms });
    return terms;
  }
}
