/** The tax documents' public entry (issue 25): its module (routes and task handler). */
export { TaxDocumentsModule } from './tax-documents.module.js';
export { TaxCertificatesTaskHandler } from './tax-certificates.handler.js';
