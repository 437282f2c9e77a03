import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PERMISSION_KEY, PUBLIC_KEY, SIGNED_IN_KEY, type AuthenticatedRequest } from './decorators.js';
import { refusal } from '../platform/http/refusal.js';
import { JwtStrategy } from './jwt.strategy.js';
import { allows, type Permission } from './policy.js';

export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';

/**
 * Runs before every route: the JwtStrategy verifies the bearer token and reloads the user's current roles (a
 * deleted user or a removed role takes effect at once); then the guard checks the route's permission.
 * A route that declares no permission is refused: the guard fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<AuthenticatedRequest>();
    const session = await this.strategy.sessionOf(req, http.getResponse());
    if (!session) throw new UnauthorizedException(refusal(SESSION_INVALID, 'sessionExpired'));
    req.actor = session.actor;
    req.tokenExpiresAt = session.exp;
    req.session = session;
    if (this.reflector.getAllAndOverride<boolean>(SIGNED_IN_KEY, targets)) return true;
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, targets);
    if (!permission || !allows(session.actor.roles, permission)) {
      throw new ForbiddenException(refusal('Your roles do not allow this action.', 'notAllowed'));
    }
    return true;
  }
}
