import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import { AuthGuard } from './auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { LoginController } from './login.controller.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { ReadYourWritesGuard } from './read-your-writes.guard.js';
import { SessionLifetime } from './session-lifetime.js';
import { SessionRenewal } from './session-renewal.js';
import { SessionVersions } from './session-versions.js';
import { TokenRefreshInterceptor } from './token-refresh.interceptor.js';
import { jwtModuleOptions, TokenService } from './token.service.js';

@Module({
  imports: [
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => jwtModuleOptions(config) }),
  ],
  controllers: [LoginController],
  providers: [
    TokenService,
    SessionVersions,
    SessionLifetime,
    SessionRenewal,
    JwtStrategy,
    PasswordHasher,
    { provide: LoginThrottle, useFactory: () => new LoginThrottle() },
    { provide: APP_GUARD, useClass: AuthGuard },
    // After the AuthGuard (guards run in this order): it needs the signed-in client.
    { provide: APP_GUARD, useClass: ReadYourWritesGuard },
    { provide: APP_INTERCEPTOR, useClass: TokenRefreshInterceptor },
  ],
  exports: [TokenService, PasswordHasher, SessionVersions],
})
export class AuthModule {}
