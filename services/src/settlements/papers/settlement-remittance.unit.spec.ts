import { describe, expect, it } from '@jest/globals';
import { settlementRemittance, type SettlementTransfer } from './settlement-sepa.js';

/* The settlement transfer's remittance text in German amounts, as the dividend's: "Guthaben 1.250,00", never past 140. */
const transfer = (holding: number, lossShare: number, net: number): SettlementTransfer => ({
  memberNr: 7,
  gross: holding,
  kapest: 0,
  soli: 0,
  churchTax: 0,
  net,
  holder: 'Anna Muster',
  iban: 'DE02120300000000202051',
  bic: null,
  endBalanceId: 'b1',
  holding,
  lossShare,
  heirs: false,
});

describe('the settlement remittance text', () => {
  it('writes thousands points in its amounts', () => {
    expect(settlementRemittance(2025, transfer(125_000, 6_250, 118_750))).toBe(
      'Auseinandersetzungsguthaben GJ 2025 Mitgl-Nr 7 Guthaben 1.250,00 Verlustanteil 62,50 Auszahlung 1.187,50',
    );
  });

  it('stays within 140 characters with the payout whole at the largest amounts', () => {
    const text = settlementRemittance(2025, {
      ...transfer(100_000_000_000, 99_999_999_999, 100_000_000_000),
      memberNr: 999_999_999,
      heirs: true,
    });
    expect(text.length).toBeLessThanOrEqual(140);
    expect(text.endsWith('Auszahlung 1000000000,00')).toBe(true);
  });
});
