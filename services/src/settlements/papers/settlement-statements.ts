import { Injectable } from '@nestjs/common';
import { fieldError, NotFoundError, ValidationError } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { recipientLines } from '../../member-pdfs/index.js';
import { memberDocuments } from '../../members/index.js';
import { downloadName } from '../../platform/http/attachment.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { settlementDocuments } from '../queries/settlement-documents.js';
import { settlementStatementPdf } from './settlement-statement-pdf.js';

/** The settlement statement of one recorded payout (issue 42), from the read models; a due (or unknown) one is refused. */
@Injectable()
export class SettlementStatements {
  constructor(private readonly reads: ReadModels) {}

  async pdf(cooperativeId: string, id: string): Promise<{ readonly pdf: Buffer; readonly name: string }> {
    const row = (await settlementDocuments.getMany(this.reads, cooperativeId, [id])).get(id);
    // Another cooperative's settlement is unknown here: 404, as every record with an id answers (tenancy property).
    if (!row) throw new NotFoundError('Settlement', id);
    if (row.status !== 'paid') throw new ValidationError([fieldError('id', 'settlementNotPaid')]);
    const [coop, member] = await Promise.all([
      ownCooperative(this.reads, cooperativeId),
      memberDocuments.getMany(this.reads, cooperativeId, [row.memberId]).then((m) => m.get(row.memberId)),
    ]);
    const issuer = { name: coop.fullName || coop.name, address: coop.address, zip: coop.zip, city: coop.city };
    // The letters' one address block: a member abroad has the country, a minor the representative (issue 42 had neither).
    const recipient = recipientLines(member);
    const { memberNr } = row;
    const lastTopUp = row.topUps.at(-1);
    const pdf = await settlementStatementPdf(issuer, {
      memberNr,
      recipient,
      reason: row.reason,
      year: row.year,
      endDate: row.endDate,
      shares: row.shares,
      // The figures the latest payout recorded, not the register's since (a payment returned after the payout): the
      // statement says what was paid and why (decisions 370, 414).
      holding: lastTopUp?.holding ?? row.payoutHolding ?? row.holding,
      paidAfterEnd: lastTopUp ? (lastTopUp.paidAfterEnd ?? 0) : (row.payoutLate ?? row.paidAfterEnd),
      // A paid settlement has its payout's fields (the projector's SettlementPaid); its top-ups paid the rest of the
      // holding booked out, with the loss share the latest took (decision 370).
      lossShare: lastTopUp?.lossShare ?? row.lossShare ?? 0,
      amount: (row.amount ?? 0) + row.toppedUp,
      topUps: row.topUps.map(({ payoutDate, amount }) => ({ payoutDate, amount })),
      payoutDate: row.payoutDate ?? '',
      accountHolder: row.accountHolder ?? '',
      iban: row.iban ?? '',
      heirs: row.heirs,
    });
    return {
      pdf,
      name: downloadName(['Auseinandersetzung', String(row.year), 'Mitglied', String(memberNr ?? '')], 'pdf'),
    };
  }
}
