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
import { JwtStrategy, type Session } from './jwt.strategy.js';
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
    const signedIn = this.reflector.getAllAndOverride<boolean>(SIGNED_IN_KEY, targets);
    // A route that names no permission (and is not for any signed-in user) is refused: `undefined` allows nothing.
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, targets);
    const session = await permittedSession(this.strategy, req, http.getResponse(), signedIn ? null : permission);
    req.actor = session.actor;
    req.tokenExpiresAt = session.exp;
    req.session = session;
    return true;
  }
}

/**
 * The session of a request whose token is valid and whose user's roles allow `permission` (null: any signed-in user;
 * undefined: nobody), else the refusal: 401 without a valid session, 403 for the roles. The guard's check, and an
 * upload's before its body is read (the KiStAM answer's raw CSV body, create-app.ts).
 */
export async function permittedSession(
  strategy: JwtStrategy,
  req: AuthenticatedRequest,
  res: unknown,
  permission: Permission | null | undefined,
): Promise<Session> {
  const session = await strategy.sessionOf(req, res);
  if (!session) throw new UnauthorizedException(refusal(SESSION_INVALID, 'sessionExpired'));
  if (permission !== null && (!permission || !allows(session.actor.roles, permission))) {
    throw new ForbiddenException(refusal('Your roles do not allow this action.', 'notAllowed'));
  }
  return session;
}
