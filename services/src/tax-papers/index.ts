/** The tax papers' public entry (exemption orders, non-assessment certificates): what other areas may use. */
export { TaxPapersModule } from './tax-papers.module.js';
export { TaxPaperReads } from './queries/tax-paper-reads.js';
