/** The payouts area's public entry (issue 25): its module and the pure SEPA builder (the benchmark uses it). */
export { PayoutsModule } from './payouts.module.js';
export { painXml, controlSum, PAIN_001_001_09, type SepaPaymentFile, type SepaTransfer } from './sepa/pain001.js';
export { paymentFile, remittanceText, sepaErrors, type SepaPayout } from './sepa/sepa-payouts.js';
