import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../platform/commands/command-context.js';
import type { ReadModels } from '../platform/http/read-models.js';
import type { Permission } from './policy.js';
import type { VerifiedToken } from './verified-tokens.js';

export const PERMISSION_KEY = 'coop:permission';
export const PUBLIC_KEY = 'coop:public';
export const SIGNED_IN_KEY = 'coop:signed-in';

/** The permission a route needs: a name of the one matrix, contracts/src/permissions.ts (a new one is a line there). */
export const Requires = (permission: Permission): MethodDecorator & ClassDecorator =>
  SetMetadata(PERMISSION_KEY, permission);

/** A route anyone may call without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/** A route for any signed-in user, whatever the roles (ping, own profile). */
export const SignedIn = (): MethodDecorator & ClassDecorator => SetMetadata(SIGNED_IN_KEY, true);

export type AuthenticatedRequest = FastifyRequest & {
  actor?: Actor;
  tokenExpiresAt?: number;
  /** The verified token's terms (the AuthGuard sets them with the actor). */
  session?: VerifiedToken;
  /** Set by the sign-out: the answer carries no renewed token. */
  sessionEnded?: boolean;
  /** On a route declared `@SettlesOwnReads()`: its reads, each after the client's writes (ReadYourWritesGuard). */
  ownReads?: ReadModels;
};

/** The signed-in actor, set by the AuthGuard. */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => {
  const actor = ctx.switchToHttp().getRequest<AuthenticatedRequest>().actor;
  if (!actor) throw new Error('CurrentActor used on a route without authentication');
  return actor;
});

export const OWN_READS_KEY = 'coop:own-reads';

/**
 * A route that waits for the client's writes answered before the read models included them (decision 40) not before
 * it runs (ReadYourWritesGuard) but before each read it makes through `@OwnReads()`, its own writes included. A route
 * that answers from its own events then waits for nothing, and what it reads through them still shows the client's
 * writes. Only for routes that gain from it: the postings.
 */
export const SettlesOwnReads = (): MethodDecorator => SetMetadata(OWN_READS_KEY, true);

/** The read models of a route declared `@SettlesOwnReads()`: each read first waits for the client's writes (decision 243). */
export const OwnReads = createParamDecorator((_data: unknown, ctx: ExecutionContext): ReadModels => {
  const reads = ctx.switchToHttp().getRequest<AuthenticatedRequest>().ownReads;
  if (!reads) throw new Error('OwnReads used on a route not declared @SettlesOwnReads()');
  return reads;
});
