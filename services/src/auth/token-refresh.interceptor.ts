import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from './decorators.js';
import { SessionRenewal } from './session-renewal.js';

/**
 * Sliding session on user activity (issue 38): an answer to a request marked as user activity (`X-User-Activity`)
 * carries a token renewed to the cooperative's idle time (never past the absolute lifetime) in `Authorization`; so does
 * the answer to a request that changed its own user's password or roles (its old token ended). Background requests
 * renew nothing.
 */
@Injectable()
export class TokenRefreshInterceptor implements NestInterceptor {
  constructor(private readonly renewal: SessionRenewal) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    if (!req.actor) return next.handle();
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        if (res.sent || res.hasHeader('Authorization')) return value;
        const token = await this.renewal.renewed(req);
        if (token !== undefined && !res.sent) res.header('Authorization', `Bearer ${token}`);
        return value;
      }),
    );
  }
}
