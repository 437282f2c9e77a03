import { Injectable } from '@nestjs/common';
import { fieldError, NotFoundError, ValidationError, type ReadDocument } from '@coop/contracts';
import { SETTLEMENTS } from '@coop/projections';
import { ownCooperative } from '../../cooperatives/index.js';
import { memberDocuments } from '../../members/index.js';
import { downloadName } from '../../platform/http/attachment.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { settlementStatementPdf } from './settlement-statement-pdf.js';

/** A text field of the settlement (this area's own read model): trimmed, empty when absent. */
const text = (doc: ReadDocument | undefined, field: string): string =>
  typeof doc?.[field] === 'string' ? (doc[field] as string).trim() : '';

/** The settlement statement of one recorded payout (issue 42), from the read models; a due (or unknown) one is refused. */
@Injectable()
export class SettlementStatements {
  constructor(private readonly reads: ReadModels) {}

  async pdf(cooperativeId: string, id: string): Promise<{ readonly pdf: Buffer; readonly name: string }> {
    const row = (await this.reads.getMany(SETTLEMENTS, cooperativeId, [id])).get(id);
    // Another cooperative's settlement is unknown here: 404, as every record with an id answers (tenancy property).
    if (!row) throw new NotFoundError('Settlement', id);
    if (row.status !== 'paid') throw new ValidationError([fieldError('id', 'settlementNotPaid')]);
    const [coop, member] = await Promise.all([
      ownCooperative(this.reads, cooperativeId),
      memberDocuments
        .getMany(this.reads, cooperativeId, [String(row.memberId)])
        .then((m) => m.get(String(row.memberId))),
    ]);
    const issuer = { name: coop.fullName || coop.name, address: coop.address, zip: coop.zip, city: coop.city };
    const recipient = [
      [member?.givenName, member?.name].filter(Boolean).join(' '),
      [member?.street, member?.streetHomeNumber].filter(Boolean).join(' '),
      [member?.zipCode, member?.city].filter(Boolean).join(' '),
    ].filter((l) => l !== '');
    const memberNr = typeof row.memberNr === 'number' ? row.memberNr : null;
    const pdf = await settlementStatementPdf(issuer, {
      memberNr,
      recipient,
      reason: String(row.reason),
      year: Number(row.year),
      endDate: String(row.endDate),
      shares: Number(row.shares),
      holding: Number(row.holding),
      lossShare: Number(row.lossShare),
      amount: Number(row.amount),
      payoutDate: String(row.payoutDate),
      accountHolder: text(row, 'accountHolder'),
      iban: text(row, 'iban'),
      heirs: row.heirs === true,
    });
    return {
      pdf,
      name: downloadName(['Auseinandersetzung', String(row.year), 'Mitglied', String(memberNr ?? '')], 'pdf'),
    };
  }
}
