import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRole, LoginRequest, TokenAnswer, type ReadDocument, type ReadStore } from '@coop/contracts';
import { CREDENTIALS } from '@coop/projections/users';
import { AnswersOk, BodyOf } from '../platform/http/openapi.js';
import { refusal } from '../platform/http/refusal.js';
import { TooManyAttemptsError } from '../platform/commands/errors.js';
import { READ_STORE } from '../platform/tokens.js';
import { Public, SignedIn, type AuthenticatedRequest } from './decorators.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionRenewal } from './session-renewal.js';
import { SESSION_INVALID } from './auth.guard.js';

const INVALID = 'Invalid username or password';

@ApiTags('session')
@Controller()
export class LoginController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionRenewal,
    private readonly throttle: LoginThrottle,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @BodyOf(LoginRequest)
  @AnswersOk(TokenAnswer)
  async login(@Body() { username, password }: LoginRequest, @Req() req: FastifyRequest): Promise<TokenAnswer> {
    const address = req.ip ?? 'unknown';
    if (username.trim() === '') {
      throw new UnauthorizedException(refusal(INVALID, 'invalidCredentials'));
    }
    const wait = this.throttle.retryAfter(username.trim(), address);
    if (wait > 0)
      throw new TooManyAttemptsError(wait, `Too many failed sign-in attempts, try again in ${wait} seconds`);
    // Counted as in flight until decided, so attempts sent at once cannot all pass the throttle before one failed.
    const end = this.throttle.begin(username.trim(), address);
    const cred = await this.verified(username.trim(), password, address).finally(end);
    const roles = Array.isArray(cred.roles) ? cred.roles.filter(isRole) : [];
    const actor = { userId: cred.id, username: String(cred.username), roles, cooperativeId: cred.cooperativeId };
    return { token: await this.sessions.signIn(actor, cred.sessionVersion) };
  }

  /** The credentials of `username` when `password` is theirs; else the failure is counted and 401 thrown. */
  private async verified(username: string, password: string, address: string): Promise<ReadDocument> {
    const page = await this.store.find(CREDENTIALS.name, {
      cooperativeId: null,
      filters: [{ field: 'username', op: 'eq', value: username }],
      limit: 1,
    });
    const cred = page.items[0];
    const hash = typeof cred?.passwordHash === 'string' ? cred.passwordHash : undefined;
    const ok = await this.hasher.verify(hash, password);
    if (!ok || !cred) {
      this.throttle.failed(username, address);
      throw new UnauthorizedException(refusal(INVALID, 'invalidCredentials'));
    }
    this.throttle.succeeded(username, address);
    return cred;
  }

  /**
   * The session's token: renewed to the idle time when the request is marked as user activity (`X-User-Activity`),
   * else with the expiry it had (a background ping keeps a session alive no longer than the user does).
   */
  @SignedIn()
  @Get('ping')
  @ApiBearerAuth()
  @AnswersOk(TokenAnswer)
  async ping(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<TokenAnswer> {
    const token = await this.sessions.renewed(req, true);
    if (token === undefined) throw new UnauthorizedException(refusal(SESSION_INVALID, 'sessionExpired'));
    res.header('Authorization', `Bearer ${token}`);
    return { token };
  }
}
