import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ConcurrencyError,
  notFoundTemplate,
  NotFoundError,
  UnconfirmedWarnings,
  ValidationError,
} from '@coop/contracts';
import {
  ConflictError,
  ConflictingStateError,
  ForbiddenError,
  SavedNotYetShownError,
  TooManyAttemptsError,
  WriteNotYetShownError,
} from '../commands/errors.js';
import { RenderBudgetExceeded } from '../render-thread/render-budget.js';
import { ClientGoneError } from './client-gone.js';
import { frameworkTemplate, refusal, withEchoesShortened } from './refusal.js';

/** The status noted for a request whose client left before its answer (nginx's 499; nobody receives it). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Maps domain errors to the API's answers; nothing leaves as an unexplained 500 without a log line. A write that was
 * stored but is not yet in the read models is not an error: 202 with `saved: true` (SavedNotYetShownError). Every
 * refusal carries its template (`errors: [{field, template, parameters}]`) for the console to show in the clerk's
 * language; all but a refused input (400) also keep their English `message`.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    const answer = this.answerFor(error, res);
    if (answer === null) return;
    const [status, body] = answer;
    // Every error answer in one place: what it repeats of the request (a refused value, a path) is cut at ECHO_MAX.
    res.status(status).send(withEchoesShortened(body));
  }

  /** The status and body answering `error` (headers set on `res`); null: answered already, or nobody to answer. */
  private answerFor(error: unknown, res: FastifyReply): [number, object] | null {
    if (error instanceof ValidationError) return [HttpStatus.BAD_REQUEST, { errors: error.errors }];
    if (error instanceof ConflictingStateError) return [HttpStatus.CONFLICT, { errors: error.errors }];
    // Nothing recorded: the same request with `confirmWarnings: true` records it (contracts/src/plausibility.ts).
    if (error instanceof UnconfirmedWarnings) return [HttpStatus.CONFLICT, { warnings: error.warnings }];
    if (error instanceof NotFoundError)
      return [HttpStatus.NOT_FOUND, refusal(`${error.entity} not found`, notFoundTemplate(error.entity), error.entity)];
    if (error instanceof ForbiddenError)
      return [HttpStatus.FORBIDDEN, refusal(error.message, error.template, ...error.parameters)];
    if (error instanceof ConflictError) return [HttpStatus.CONFLICT, refusal(error.message, error.template)];
    if (error instanceof ConcurrencyError) {
      const conflict = new ConflictError();
      return [HttpStatus.CONFLICT, refusal(conflict.message, conflict.template)];
    }
    if (error instanceof TooManyAttemptsError) {
      res.header('Retry-After', String(error.wait));
      return [HttpStatus.TOO_MANY_REQUESTS, refusal(error.message, 'tooManySignInAttempts', String(error.wait))];
    }
    if (error instanceof SavedNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`Saved up to log position ${error.position}, not yet in the read models: ${why}`);
      return [HttpStatus.ACCEPTED, { saved: true, message: error.message }];
    }
    if (error instanceof WriteNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`A request waited in vain for the client's last write to reach the read models: ${why}`);
      res.header('Retry-After', '1');
      return [HttpStatus.SERVICE_UNAVAILABLE, refusal(error.message, 'notYetShown')];
    }
    if (error instanceof ClientGoneError) {
      // Nobody is there to answer, and nothing failed here: a note for debugging, no stack (decision 407). As an error
      // with its stack, any client filled the log by dropping requests while they waited.
      const { method, routeOptions } = res.request;
      this.logger.debug(`${method} ${routeOptions.url ?? ''}: ${error.message}`);
      void res.status(CLIENT_CLOSED_REQUEST).send();
      return null;
    }
    if (error instanceof RenderBudgetExceeded) {
      // A file past its time or memory (member PDFs, exports, reminder letters; decisions 131, 445): a refusal the
      // console translates, not a crash.
      const { seconds, memoryMb } = error.budget;
      return [
        HttpStatus.SERVICE_UNAVAILABLE,
        refusal(error.message, 'renderBudgetExceeded', String(seconds), String(memoryMb)),
      ];
    }
    if (error instanceof HttpException) return [error.getStatus(), this.frameworkBody(error)];
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return [HttpStatus.INTERNAL_SERVER_ERROR, refusal('Internal error', 'internalError')];
  }

  /** An HttpException's body as it was thrown (a route's own refusal carries its template), else with the status's template. */
  private frameworkBody(error: HttpException): object {
    const status = error.getStatus();
    const thrown = error.getResponse();
    const body: Record<string, unknown> =
      typeof thrown === 'string' ? { message: thrown } : { ...(thrown as Record<string, unknown>) };
    if (Array.isArray(body.errors)) return body;
    const message = typeof body.message === 'string' ? body.message : error.message;
    const template = frameworkTemplate(status);
    // An unknown route's message names the path as sent, and is its parameter too: both are cut as every echo (catch).
    return {
      ...body,
      ...refusal(
        message,
        template,
        ...(template === 'routeNotFound' ? [message] : template === 'requestFailed' ? [String(status)] : []),
      ),
    };
  }
}
