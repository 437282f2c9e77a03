import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '../auth/auth.module.js';
import { ChangeOwnPasswordHandler, CreateUserHandler, DeleteUserHandler, UpdateUserHandler, UserCommandRunner } from './commands/user.handlers.js';
import { UsersController } from './http/users.controller.js';

@Module({
  imports: [CqrsModule, AuthModule],
  controllers: [UsersController],
  providers: [UserCommandRunner, CreateUserHandler, UpdateUserHandler, ChangeOwnPasswordHandler, DeleteUserHandler],
})
export class UsersModule {}
