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
import { ClientGoneError } from './client-gone.js';
import { frameworkTemplate, refusal } from './refusal.js';

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
    if (error instanceof ValidationError) {
      res.status(HttpStatus.BAD_REQUEST).send({ errors: error.errors });
    } else if (error instanceof ConflictingStateError) {
      res.status(HttpStatus.CONFLICT).send({ errors: error.errors });
    } else if (error instanceof UnconfirmedWarnings) {
      // Nothing recorded: the same request with `confirmWarnings: true` records it (contracts/src/plausibility.ts).
      res.status(HttpStatus.CONFLICT).send({ warnings: error.warnings });
    } else if (error instanceof NotFoundError) {
      res
        .status(HttpStatus.NOT_FOUND)
        .send(refusal(`${error.entity} not found`, notFoundTemplate(error.entity), error.entity));
    } else if (error instanceof ForbiddenError) {
      res.status(HttpStatus.FORBIDDEN).send(refusal(error.message, error.template, ...error.parameters));
    } else if (error instanceof ConflictError) {
      res.status(HttpStatus.CONFLICT).send(refusal(error.message, error.template));
    } else if (error instanceof ConcurrencyError) {
      const conflict = new ConflictError();
      res.status(HttpStatus.CONFLICT).send(refusal(conflict.message, conflict.template));
    } else if (error instanceof TooManyAttemptsError) {
      res
        .status(HttpStatus.TOO_MANY_REQUESTS)
        .header('Retry-After', String(error.wait))
        .send(refusal(error.message, 'tooManySignInAttempts', String(error.wait)));
    } else if (error instanceof SavedNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`Saved up to log position ${error.position}, not yet in the read models: ${why}`);
      res.status(HttpStatus.ACCEPTED).send({ saved: true, message: error.message });
    } else if (error instanceof WriteNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`A request waited in vain for the client's last write to reach the read models: ${why}`);
      res.status(HttpStatus.SERVICE_UNAVAILABLE).header('Retry-After', '1').send(refusal(error.message, 'notYetShown'));
    } else if (error instanceof ClientGoneError) {
      // Nobody is there to answer, and nothing failed here: a note for debugging, no stack (decision 407). As an error
      // with its stack, any client filled the log by dropping requests while they waited.
      const { method, routeOptions } = res.request;
      this.logger.debug(`${method} ${routeOptions.url ?? ''}: ${error.message}`);
      res.status(CLIENT_CLOSED_REQUEST).send();
    } else if (error instanceof HttpException) {
      res.status(error.getStatus()).send(this.frameworkBody(error));
    } else {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      res.status(HttpStatus.INTERNAL_SERVER_ERROR).send(refusal('Internal error', 'internalError'));
    }
  }

  /** An HttpException's body as it was thrown (a route's own refusal carries its template), else with the status's template. */
  private frameworkBody(error: HttpException): object {
    const status = error.getStatus();
    const thrown = error.getResponse();
    const body: Record<string, unknown> =
      typeof thrown === 'string' ? { message: thrown } : { ...(thrown as Record<string, unknown>) };
    if (Array.isArray(body.errors)) return body;
    const thrownMessage = typeof body.message === 'string' ? body.message : error.message;
    const template = frameworkTemplate(status);
    // An unknown route's message names the path as sent: a path of 10,000 characters came back twice (decision 419).
    const message = template === 'routeNotFound' ? shortened(thrownMessage) : thrownMessage;
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

/** The most characters of a client's own text an answer repeats (an unknown route's path). */
const ECHO_MAX = 200;

/** `text` up to ECHO_MAX characters, cut with `…` beyond (by code points: no half of a surrogate pair). */
export function shortened(text: string): string {
  const points = Array.from(text);
  return points.length <= ECHO_MAX ? text : `${points.slice(0, ECHO_MAX).join('')}…`;
}
