import { Injectable } from '@nestjs/common';
import { ownCooperative } from '../../cooperatives/index.js';
import { recipientLines } from '../../member-pdfs/index.js';
import { downloadName } from '../../platform/http/attachment.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { inRenderTurn } from '../../platform/render-thread/render-gate.js';
import { ReminderReads } from '../queries/reminder-reads.js';
import { salutationLine } from './letter-address.js';
import type { ReminderLetter } from './reminder-letter-pdf.js';
import { renderLetters } from './render-letters.js';

/**
 * The letters of one sending (issue 45): rendered from the reminders as recorded (level, day, the part of each
 * subscription and its due date), the member's address as the members' list holds it now, and the cooperative's
 * letterhead and account. Nothing is kept beside the events: the same letters can be made again at any time, and an
 * erased member's letter carries no address.
 */
@Injectable()
export class ReminderLetters {
  constructor(
    private readonly reads: ReadModels,
    private readonly reminders: ReminderReads,
  ) {}

  async pdf(
    cooperativeId: string,
    runId: string,
    gone?: AbortSignal,
  ): Promise<{ readonly pdf: Buffer; readonly name: string }> {
    const docs = await this.reminders.ofRun(cooperativeId, runId);
    const [coop, members] = await Promise.all([
      ownCooperative(this.reads, cooperativeId),
      this.reminders.members(
        cooperativeId,
        docs.map((d) => d.member),
      ),
    ]);
    const issuer = {
      name: coop.fullName || coop.name,
      address: coop.address,
      zip: coop.zip,
      city: coop.city,
      bankname: coop.bankname,
      iban: coop.iban,
      bic: coop.bic,
    };
    const letters: ReminderLetter[] = docs.map((d) => {
      const member = members.get(d.member);
      return {
        memberNr: member?.memberNr ?? null,
        salutation: salutationLine(member),
        recipient: recipientLines(member),
        level: d.level,
        date: d.date,
        amount: d.amount,
        subscriptions: d.subscriptions,
      };
    });
    letters.sort((a, b) => (a.memberNr ?? 0) - (b.memberNr ?? 0));
    // In its turn at the process's render gate, or refused 503 `renderBusy` (decision 337).
    const pdf = await inRenderTurn({ cooperativeId, gone }, () => renderLetters(issuer, letters));
    return { pdf, name: downloadName(['Mahnungen', docs[0]!.date], 'pdf') };
  }
}
