import { Module } from '@nestjs/common';
import { MovementReportController } from './http/movement-report.controller.js';
import { MovementSource } from './queries/movement-source.js';

/** The year's movement report for the annual accounts (issue 45, § 338 Abs. 1 HGB): reads only, from the register's read models. */
@Module({
  controllers: [MovementReportController],
  providers: [MovementSource],
})
export class MovementReportModule {}
