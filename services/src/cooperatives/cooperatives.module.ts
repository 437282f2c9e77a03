import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RegisterCooperativeHandler, UpdateCooperativeHandler } from './commands/cooperative.commands.js';
import { CooperativesController } from './http/cooperatives.controller.js';

@Module({
  imports: [CqrsModule],
  controllers: [CooperativesController],
  providers: [RegisterCooperativeHandler, UpdateCooperativeHandler],
})
export class CooperativesModule {}
