import { BANK_STATEMENT_PERSONAL_FIELDS, bankStatementSubject } from '@coop/contracts';
import { bankStatementsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * Bank statements (CAMT.053, issue 45; docs/bank-statements.md). A statement's entries (the payers' names, IBANs and
 * remittance texts) are sealed under the statement's own key (`bankStatementSubject`); the payments booked from them
 * are the member's (`SharePaymentReceived` on the member stream).
 */
export const bankStatementsArea: AreaRegistration = {
  name: 'bank-statements',
  projectors: [bankStatementsProjector],
  personalData: {
    BankStatementRead: {
      subject: (data) => bankStatementSubject(String(data.statementId)),
      fields: BANK_STATEMENT_PERSONAL_FIELDS,
    },
  },
  upcasters: [],
  views: {},
};
