import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  AddElmaNumberHandler,
  ChangeElmaNumberHandler,
  RemoveElmaNumberHandler,
} from './commands/elma-number.commands.js';
import { ElmaNumbersController } from './http/elma-numbers.controller.js';

@Module({
  imports: [CqrsModule],
  controllers: [ElmaNumbersController],
  providers: [AddElmaNumberHandler, ChangeElmaNumberHandler, RemoveElmaNumberHandler],
})
export class ElmaNumbersModule {}
