import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/index.js';
import { TaxDocumentsController } from './http/tax-documents.controller.js';
import { TaxDocumentsSource } from './queries/tax-documents-source.js';
import { TaxCertificates } from './tax-certificates.js';
import { TaxCertificatesTaskHandler } from './tax-certificates.handler.js';

/**
 * The tax documents of a closure (issue 25; DOMAIN.md 5, 6): the members' tax certificates (Muster II, one member per
 * page; large closures in the background task `taxCertificates`) and the KapESt return's figures. Reads the read models;
 * writes only the certificate register `taxcertificates-<dividendId>`.
 */
@Module({
  imports: [TasksModule],
  controllers: [TaxDocumentsController],
  providers: [TaxDocumentsSource, TaxCertificates, TaxCertificatesTaskHandler],
})
export class TaxDocumentsModule {}
