import {
  DIVIDEND_TOTAL_DECIMALS,
  shiftDecimal,
  type DividendClosureRequest,
  type DividendRequest,
} from '@coop/contracts';
import type { DividendParams } from '../domain/engine/index.js';

/**
 * The engine's parameters of a request the edge has read and checked (contracts/src/http/dividend.ts): the amount is
 * already an exact decimal (decision 241); a total in euros becomes cents by moving its decimal mark, a percentage
 * passes as read. An empty date (the calculation only: the closure's request refuses it) is `today`.
 */
export function dividendParamsOf(request: DividendRequest | DividendClosureRequest, today: string): DividendParams {
  return {
    year: Number(request.year),
    type: request.type,
    amount: request.type === 'amount' ? shiftDecimal(request.amount, DIVIDEND_TOTAL_DECIMALS) : request.amount,
    decisionDate: request.decision_date || today,
    paymentDate: request.payment_date || today,
  };
}
