import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ClientWrites } from '../platform/client-writes.js';
import { OWN_READS_KEY, type AuthenticatedRequest } from './decorators.js';

/**
 * Runs after the AuthGuard on every route: a signed-in client whose last write was answered before the read models
 * included it (decision 40) waits here until they do, so whatever the route reads shows that write. A route marked
 * `@SettlesOwnReads()` waits before each of its reads instead (OwnReadsInterceptor). Public routes have no client.
 */
@Injectable()
export class ReadYourWritesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly writes: ClientWrites,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const actor = context.switchToHttp().getRequest<AuthenticatedRequest>().actor;
    if (!actor || this.reflector.get<boolean | undefined>(OWN_READS_KEY, context.getHandler())) return true;
    await this.writes.settle(actor.userId);
    return true;
  }
}
