import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '../auth/auth.module.js';
import {
  ChangeOwnPasswordHandler,
  CreateUserHandler,
  DeleteUserHandler,
  SignOutHandler,
  UpdateUserHandler,
  UserCommandRunner,
} from './commands/user.handlers.js';
import { SignOutController } from './http/sign-out.controller.js';
import { UsersController } from './http/users.controller.js';
import { CommonPasswords } from './commands/common-passwords.js';

@Module({
  imports: [CqrsModule, AuthModule],
  controllers: [UsersController, SignOutController],
  providers: [
    CommonPasswords,
    UserCommandRunner,
    CreateUserHandler,
    UpdateUserHandler,
    ChangeOwnPasswordHandler,
    DeleteUserHandler,
    SignOutHandler,
  ],
  exports: [CommonPasswords],
})
export class UsersModule {}
