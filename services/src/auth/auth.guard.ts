import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isRole, type ReadStore } from '@coop/contracts';
import { CREDENTIALS } from '@coop/projections';
import { READ_STORE } from '../platform/tokens.js';
import { PERMISSION_KEY, PUBLIC_KEY, SIGNED_IN_KEY, type AuthenticatedRequest } from './decorators.js';
import { allows, type Permission } from './policy.js';
import { TokenService } from './token.service.js';

export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';

/**
 * Runs before every route: verifies the bearer token, reloads the user's current roles (a
 * deleted user or a removed role takes effect at once), and checks the route's permission.
 * A route that declares no permission is refused: the guard fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const verified = match ? await this.tokens.verify(match[1]!) : undefined;
    if (!verified) throw new UnauthorizedException({ message: SESSION_INVALID });
    const cred = await this.store.get(CREDENTIALS.name, verified.actor.userId);
    if (!cred || cred.cooperativeId !== verified.actor.cooperativeId) throw new UnauthorizedException({ message: SESSION_INVALID });
    const roles = Array.isArray(cred.roles) ? cred.roles.filter(isRole) : [];
    req.actor = { ...verified.actor, roles, username: typeof cred.username === 'string' ? cred.username : verified.actor.username };
    req.tokenExpiresAt = verified.exp;
    if (this.reflector.getAllAndOverride<boolean>(SIGNED_IN_KEY, targets)) return true;
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, targets);
    if (!permission || !allows(roles, permission)) {
      throw new ForbiddenException({ message: 'Your roles do not allow this action.' });
    }
    return true;
  }
}
