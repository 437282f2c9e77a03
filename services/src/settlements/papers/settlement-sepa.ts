import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { fieldError, type FieldError } from '@coop/contracts';
import { euros } from '../../kernel/german-format.js';
import { ownCooperative } from '../../cooperatives/index.js';
import {
  controlSum,
  debtorAddress,
  executionDay,
  REMITTANCE_MAX,
  sepaErrors,
  type SepaDebtor,
  type SepaPaymentFile,
  type SepaPayout,
} from '../../payouts/index.js';
import { downloadName, fileNamePart } from '../../platform/http/attachment.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { settlementDocuments } from '../queries/settlement-documents.js';

/** The most transfers one settlement file holds (a year's leavers paid on one day). */
const FILE_MAX = 10_000;

/** Amounts as the dividend's remittance writes them (`1.250,00`); without points only where 140 characters need it. */
const plainEuros = (cents: number): string => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** One recorded settlement as the file needs it. */
export interface SettlementTransfer extends SepaPayout {
  readonly endBalanceId: string;
  readonly holding: number;
  readonly lossShare: number;
  readonly heirs: boolean;
  /** A further payout of a settlement paid before (decision 370): the remittance says "Nachzahlung". */
  readonly topUp?: boolean;
}

/** `Auseinandersetzungsguthaben GJ <year> Mitgl-Nr <nr> Guthaben <holding> Verlustanteil <loss> Auszahlung <amount>` (≤ 140). */
export function settlementRemittance(year: number, t: SettlementTransfer): string {
  const text = (amount: (cents: number) => string): string =>
    `Auseinandersetzungsguthaben GJ ${year} Mitgl-Nr ${t.memberNr}${t.heirs ? ' an Erben' : ''} Guthaben ${amount(t.holding)} Verlustanteil ${amount(t.lossShare)} ${t.topUp ? 'Nachzahlung' : 'Auszahlung'} ${amount(t.net)}`;
  // German amounts with thousands points, as the dividend's text ("Guthaben 1250,00" read unlike it); a text of amounts
  // near the billion that would pass 140 characters keeps them without points rather than lose the payout's amount.
  const pointed = text(euros);
  return pointed.length <= REMITTANCE_MAX ? pointed : text(plainEuros);
}

/**
 * The SEPA credit transfer file (pain.001.001.09, the dividend's writer and checks: payouts/sepa) of the settlements of
 * `year` recorded for `payoutDate` (issue 42): one transfer per end, to the account the payout recorded (the heirs'
 * after a death), with no purpose code (a repayment of capital, not a dividend), and one per top-up recorded for that
 * day (decision 370: only the difference). Imported settlements were paid outside the product and are left out.
 */
export function settlementFile(
  year: number,
  payoutDate: string,
  cooperative: SepaDebtor,
  transfers: readonly SettlementTransfer[],
  now: Date,
): SepaPaymentFile {
  const stamp = now.toISOString().slice(0, 19);
  return {
    messageId: `AUS${year}-${stamp.replace(/\D/g, '')}-${randomBytes(3).toString('hex')}`,
    createdAt: stamp,
    paymentInfoId: `AUS${year}-${payoutDate}`,
    executionDate: executionDay(payoutDate, now),
    debtor: {
      name: cooperative.fullName || cooperative.name,
      iban: cooperative.iban.replace(/\s+/g, '').toUpperCase(),
      bic: cooperative.bic.replace(/\s+/g, '').toUpperCase(),
      address: debtorAddress(cooperative),
    },
    transfers: transfers
      .filter((t) => t.net > 0)
      .map((t, i) => ({
        endToEndId: `AUS${year}-M${t.memberNr}-${i + 1}`,
        amount: t.net,
        creditorName: t.holder,
        iban: t.iban ?? '',
        bic: t.bic,
        remittance: settlementRemittance(year, t),
        purpose: null,
      })),
  };
}

@Injectable()
export class SettlementSepa {
  constructor(private readonly reads: ReadModels) {}

  /** The file, or every refusal (the cooperative's bank data, an end without a valid account, nothing to pay). */
  async file(
    cooperativeId: string,
    year: number,
    payoutDate: string,
    now: Date,
  ): Promise<
    { readonly xml: SepaPaymentFile; readonly name: string; readonly sum: number } | { readonly errors: FieldError[] }
  > {
    const cooperative = await ownCooperative(this.reads, cooperativeId);
    const page = await settlementDocuments.query(this.reads, cooperativeId, {
      cooperativeId,
      // The year's paid settlements: a top-up's day is not the first payout's (decision 370), so the day is matched here.
      filters: [
        { field: 'year', op: 'eq', value: year },
        { field: 'status', op: 'eq', value: 'paid' },
      ],
      sort: [{ field: 'memberNr', direction: 'asc' }],
      limit: FILE_MAX,
    });
    const transfers: SettlementTransfer[] = page.items
      .filter((d) => !d.imported)
      .flatMap((d) => {
        // A paid settlement has its member number and its payout's fields (the projector's SettlementPaid).
        const first = {
          amount: d.amount ?? 0,
          holding: d.payoutHolding ?? d.holding,
          lossShare: d.lossShare ?? 0,
          heirs: d.heirs,
          accountHolder: d.accountHolder,
          iban: d.iban,
          bic: d.bic,
          topUp: false,
        };
        const payouts = [
          ...(d.payoutDate === payoutDate ? [first] : []),
          ...d.topUps.filter((u) => u.payoutDate === payoutDate).map((u) => ({ ...u, topUp: true })),
        ];
        return payouts.map((p) => ({
          endBalanceId: d.endBalanceId,
          memberNr: d.memberNr ?? 0,
          gross: p.amount,
          kapest: 0,
          soli: 0,
          churchTax: 0,
          net: p.amount,
          holding: p.holding,
          lossShare: p.lossShare,
          heirs: p.heirs,
          holder: p.accountHolder ?? '',
          iban: p.iban,
          bic: p.bic,
          topUp: p.topUp,
        }));
      });
    // Nothing recorded as paid on the date: said so, not "no member has a payout above zero" (a dividend's words).
    const errors = sepaErrors(cooperative, transfers).map((e) =>
      transfers.length === 0 && e.template === 'sepaNothingToPay'
        ? fieldError(null, 'settlementNothingPaidOn', payoutDate)
        : e,
    );
    if (errors.length > 0) return { errors };
    const name = downloadName(
      [
        'Auseinandersetzung',
        String(year),
        payoutDate,
        'SEPA',
        fileNamePart(cooperative.fullName || cooperative.name, 'Genossenschaft'),
      ],
      'xml',
    );
    return {
      xml: settlementFile(year, payoutDate, cooperative, transfers, now),
      name,
      sum: controlSum(transfers.filter((t) => t.net > 0).map((t) => ({ amount: t.net }))),
    };
  }
}
