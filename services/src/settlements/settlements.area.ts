import { memberDataSubject, SETTLEMENT_PERSONAL_FIELDS, SETTLEMENT_REVERSAL_PERSONAL_FIELDS } from '@coop/contracts';
import { settlementsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

const memberSubject = (data: Record<string, unknown>): string => memberDataSubject(String(data.memberId));

/**
 * Settlements (issue 42): the payout of the settlement balance to those who leave. The account (holder, IBAN, BIC) and
 * a correction's reason are sealed under the member's key, so erasing the member erases them; amounts and dates stay
 * for the books (§ 147 AO).
 */
export const settlementsArea: AreaRegistration = {
  name: 'settlements',
  projectors: [settlementsProjector],
  personalData: {
    HeirsAccountRecorded: { subject: memberSubject, fields: SETTLEMENT_PERSONAL_FIELDS },
    SettlementPaid: { subject: memberSubject, fields: SETTLEMENT_PERSONAL_FIELDS },
    SettlementToppedUp: { subject: memberSubject, fields: SETTLEMENT_PERSONAL_FIELDS },
    SettlementReversed: { subject: memberSubject, fields: SETTLEMENT_REVERSAL_PERSONAL_FIELDS },
  },
  upcasters: [],
  views: {},
};
