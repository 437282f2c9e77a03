import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ClientWrites } from '../platform/client-writes.js';
import { ReadModels } from '../platform/http/read-models.js';
import { OWN_READS_KEY, type AuthenticatedRequest } from './decorators.js';

/**
 * Runs after the AuthGuard on every route: a signed-in client whose last write was answered before the read models
 * included it (decision 40) waits here until they do, so whatever the route reads shows that write. A route marked
 * `@SettlesOwnReads()` gets its reads instead (`@OwnReads()`), each waiting first. Public routes have no client.
 */
@Injectable()
export class ReadYourWritesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly writes: ClientWrites,
    private readonly reads: ReadModels,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const actor = request.actor;
    if (!actor) return true;
    if (this.reflector.get<boolean | undefined>(OWN_READS_KEY, context.getHandler())) {
      const client = actor.userId;
      request.ownReads = this.reads.waitingFirst(() => this.writes.settle(client));
      return true;
    }
    await this.writes.settle(actor.userId);
    return true;
  }
}
