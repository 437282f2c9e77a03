import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { finalize, tap, type Observable } from 'rxjs';
import { ClientWrites } from '../platform/client-writes.js';
import { OWN_READS_KEY, type AuthenticatedRequest } from './decorators.js';

/**
 * Honours `@SettlesOwnReads()`: the route runs with its client's wait for writes answered before the read models
 * (decision 40) moved to its reads of the read models (ClientWrites.deferWait), where the ReadYourWritesGuard would
 * have waited before it ran. The move ends with the route's answer, before the interceptors outside this one go on.
 */
@Injectable()
export class OwnReadsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly writes: ClientWrites,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const actor = context.switchToHttp().getRequest<AuthenticatedRequest>().actor;
    if (!actor || !this.reflector.get<boolean | undefined>(OWN_READS_KEY, context.getHandler())) return next.handle();
    // The handler is bound to the async context in which next.handle() is called (Nest's interceptors consumer).
    const { result, end } = this.writes.deferWait(actor.userId, () => next.handle());
    return result.pipe(tap({ next: end, error: end, complete: end }), finalize(end));
  }
}
