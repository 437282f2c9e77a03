import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from './decorators.js';
import { TokenService } from './token.service.js';

/** Sliding session: once half of a token's life is gone, any answer carries a fresh token in `Authorization`. */
@Injectable()
export class TokenRefreshInterceptor implements NestInterceptor {
  constructor(private readonly tokens: TokenService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const remaining = req.tokenExpiresAt === undefined ? Infinity : req.tokenExpiresAt - Date.now() / 1000;
    if (!req.actor || remaining > this.tokens.ttlSeconds / 2) return next.handle();
    const actor = req.actor;
    return from(this.tokens.sign(actor)).pipe(
      mergeMap((token) => {
        if (!res.sent) res.header('Authorization', `Bearer ${token}`);
        return next.handle();
      }),
    );
  }
}
