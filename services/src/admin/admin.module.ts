import { Module } from '@nestjs/common';
import { ProjectionsController } from './projections.controller.js';

@Module({ controllers: [ProjectionsController] })
export class AdminModule {}
