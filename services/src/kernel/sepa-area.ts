/*
 * SEPA reaches beyond the EEA (Switzerland, the United Kingdom, Monaco, San Marino, Andorra, the Vatican, the Channel
 * Islands, the Isle of Man, and since 2024/25 Albania, Moldova, Montenegro, North Macedonia, Serbia). A transfer to a
 * bank there must carry the payer's address (Regulation (EU) 2015/847, Art. 4 and 5; EPC SCT rulebook, attribute
 * AT-P003 "address of the Originator"), structured with at least town and country since November 2025 (DOMAIN.md 7);
 * within the EEA an address is optional, so the files there stay without one (decision 309).
 */

/** The EEA by ISO 3166 code: the 27 EU states, Iceland, Liechtenstein and Norway. */
// prettier-ignore
const EEA = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO',
  // Outermost regions inside the EU with codes of their own (French overseas departments, Saint-Martin, Åland).
  'GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX',
]);

/** Whether the account's bank lies outside the EEA, by the IBAN's country code (a Swiss IBAN `CH…`: yes). */
export const outsideEea = (iban: string): boolean => !EEA.has(iban.replace(/\s+/g, '').slice(0, 2).toUpperCase());

/**
 * The SEPA scheme's members beyond the EEA by ISO 3166 code (EPC list of SEPA scheme countries): Switzerland, the
 * United Kingdom (with Guernsey, Jersey and the Isle of Man), Monaco, San Marino, Andorra, the Vatican, Gibraltar, Saint
 * Pierre and Miquelon, Saint Barthélemy, and since 2025 Albania, Moldova, Montenegro, North Macedonia and Serbia.
 */
// prettier-ignore
const SEPA_BEYOND_EEA = new Set([
  'CH', 'GB', 'GG', 'JE', 'IM', 'MC', 'SM', 'AD', 'VA', 'GI', 'PM', 'BL', 'AL', 'MD', 'ME', 'MK', 'RS',
]);

/**
 * Whether the account lies in the SEPA scheme's area, by the IBAN's country code: a SEPA credit transfer or core direct
 * debit needs both accounts there (EPC SCT and SDD rulebooks), so an IBAN valid by its check digits but of another
 * country (Turkey `TR…`, Brazil `BR…`) cannot be paid or drawn by a SEPA file.
 */
export const insideSepa = (iban: string): boolean => {
  const country = iban.replace(/\s+/g, '').slice(0, 2).toUpperCase();
  return EEA.has(country) || SEPA_BEYOND_EEA.has(country);
};
