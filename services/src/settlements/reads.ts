/*
 * The settlements area's read entry: the settlements' typed reader alone (decision 256). It imports no other area, so
 * an area that the settlements area's index.ts depends on (the member PDFs: the settlement statement is drawn on their
 * page frame) reads settlements through their owner here without an import circle.
 */
export { settlementDocuments, type SettlementDocument } from './queries/settlement-documents.js';
export { heirsAccounts } from './queries/heirs-accounts.js';
export type { BankAccount } from './domain/settlement.decider.js';
