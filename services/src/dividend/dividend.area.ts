import { DIVIDEND_MEMBER_PERSONAL_FIELDS, memberDataSubject } from '@coop/contracts';
import { dividendInputsProjector, dividendsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/** The annual dividend: what the area contributes to the platform (services/src/areas.ts). */
export const dividendArea: AreaRegistration = {
  name: 'dividend',
  // The closures first: their projector reads the member's inputs document that a payout then writes (the runner skips
  // a projector for an event once a document it touches carries that event's position).
  projectors: [dividendsProjector, dividendInputsProjector],
  // A payout's church id is personal data (Art. 9 GDPR), under the member's key: erasing the member erases it, while
  // the amounts stay for the tax retention periods and the closure's totals.
  personalData: {
    DividendMemberPaid: {
      subject: (data) => memberDataSubject(String(data.memberId)),
      fields: DIVIDEND_MEMBER_PERSONAL_FIELDS,
    },
  },
  upcasters: [],
  views: {},
};
