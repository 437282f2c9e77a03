import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { LoginController } from './login.controller.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { ReadYourWritesGuard } from './read-your-writes.guard.js';
import { TokenRefreshInterceptor } from './token-refresh.interceptor.js';
import { TokenService } from './token.service.js';

@Module({
  controllers: [LoginController],
  providers: [
    TokenService,
    PasswordHasher,
    { provide: LoginThrottle, useFactory: () => new LoginThrottle() },
    { provide: APP_GUARD, useClass: AuthGuard },
    // After the AuthGuard (guards run in this order): it needs the signed-in client.
    { provide: APP_GUARD, useClass: ReadYourWritesGuard },
    { provide: APP_INTERCEPTOR, useClass: TokenRefreshInterceptor },
  ],
  exports: [TokenService, PasswordHasher],
})
export class AuthModule {}
