import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from './decorators.js';
import { SessionRenewal } from './session-renewal.js';

/**
 * Sliding session on user activity (issue 38): an answer to a request marked as user activity (`X-User-Activity`)
 * carries a token renewed to the cooperative's idle time (never past the absolute lifetime) in `Authorization`; so does
 * the answer to a request that changed its own user's password or roles (its old token ended), also when that answer
 * is a refusal or a `202` (stored, shown shortly). Background requests renew nothing.
 */
@Injectable()
export class TokenRefreshInterceptor implements NestInterceptor {
  constructor(private readonly renewal: SessionRenewal) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    if (!req.actor) return next.handle();
    const renew = async (): Promise<void> => {
      if (res.sent || res.hasHeader('Authorization')) return;
      const token = await this.renewal.renewed(req);
      if (token !== undefined && !res.sent) res.header('Authorization', `Bearer ${token}`);
    };
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        await renew();
        return value;
      }),
      // The error filter answers on the same reply, with the header set here.
      catchError((error: unknown) => from(renew()).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
