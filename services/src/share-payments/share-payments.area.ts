import { paymentTermsProjector, shareDuesProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * The payments on subscribed shares (issue 45): the dues per subscription (`share_dues`) and the cooperative's payment
 * terms (`payment_terms`). The payments' events hold no personal data (amounts, dates, the bank's remittance text is
 * kept as the payment's reference; it names the member at most, whose number it already is).
 */
export const sharePaymentsArea: AreaRegistration = {
  name: 'share-payments',
  projectors: [shareDuesProjector, paymentTermsProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
