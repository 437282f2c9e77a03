/** The payouts area's public entry (issue 25): its module and the pure SEPA builder (the benchmark uses it). */
export { PayoutsModule } from './payouts.module.js';
export {
  painXml,
  controlSum,
  postalAddressXml,
  PAIN_001_001_09,
  type SepaPaymentFile,
  type SepaPostalAddress,
  type SepaTransfer,
} from './sepa/pain001.js';
export {
  debtorAddress,
  executionDay,
  paymentFile,
  remittanceText,
  sepaErrors,
  type SepaDebtor,
  type SepaPayout,
} from './sepa/sepa-payouts.js';
// The SEPA text rules and the parse-back of a file, shared with the direct debits' pain.008 (issue 45).
export {
  sepaLatin,
  sepaText,
  isSepaRepresentable,
  xmlAmount,
  xmlEscape,
  NAME_MAX,
  ID_MAX,
  REMITTANCE_MAX,
} from './sepa/sepa-text.js';
export { parsePain, type XmlNode } from './sepa/pain001-rules.js';
export {
  ACCOUNT,
  AGENT,
  centsOf,
  checkCommonLeaf,
  checkShape,
  PARTY,
  POSTAL_ADDRESS,
  type Shape,
} from './sepa/iso20022-shapes.js';
export { accountHolderOf } from './sepa/sepa-payouts.js';
