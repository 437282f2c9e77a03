/** The dividend's public entry: what other areas may use. */
export { DividendModule } from './dividend.module.js';
export { DividendReads } from './queries/dividend-reads.js';
export { dividendResults, type DividendMemberDocument } from './queries/dividend-results.js';
export { dividendClosures, type DividendClosureDocument } from './queries/dividend-closures.js';
export { closuresPaidOn, taxReturnOf } from './queries/tax-return-of-day.js';
export { deathDates } from './queries/dividend-inputs.js';
