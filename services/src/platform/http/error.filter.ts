import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ConcurrencyError, NotFoundError, UnconfirmedWarnings, ValidationError } from '@coop/contracts';
import { ConflictError, ForbiddenError, SavedNotYetShownError, WriteNotYetShownError } from '../commands/errors.js';

/**
 * Maps domain errors to the API's answers; nothing leaves as an unexplained 500 without a log line. A write that was
 * stored but is not yet in the read models is not an error: 202 with `saved: true` (SavedNotYetShownError).
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    if (error instanceof ValidationError) {
      res.status(HttpStatus.BAD_REQUEST).send({ errors: error.errors });
    } else if (error instanceof UnconfirmedWarnings) {
      // Nothing recorded: the same request with `confirmWarnings: true` records it (contracts/src/plausibility.ts).
      res.status(HttpStatus.CONFLICT).send({ warnings: error.warnings });
    } else if (error instanceof NotFoundError) {
      res.status(HttpStatus.NOT_FOUND).send({ message: `${error.entity} not found` });
    } else if (error instanceof ForbiddenError) {
      res.status(HttpStatus.FORBIDDEN).send({ message: error.message });
    } else if (error instanceof ConflictError) {
      res.status(HttpStatus.CONFLICT).send({ message: error.message });
    } else if (error instanceof ConcurrencyError) {
      res.status(HttpStatus.CONFLICT).send({ message: new ConflictError().message });
    } else if (error instanceof SavedNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`Saved up to log position ${error.position}, not yet in the read models: ${why}`);
      res.status(HttpStatus.ACCEPTED).send({ saved: true, message: error.message });
    } else if (error instanceof WriteNotYetShownError) {
      const why = error.reason instanceof Error ? error.reason.message : String(error.reason);
      this.logger.warn(`A request waited in vain for the client's last write to reach the read models: ${why}`);
      res.status(HttpStatus.SERVICE_UNAVAILABLE).header('Retry-After', '1').send({ message: error.message });
    } else if (error instanceof HttpException) {
      const body = error.getResponse();
      res.status(error.getStatus()).send(typeof body === 'string' ? { message: body } : body);
    } else {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      res.status(HttpStatus.INTERNAL_SERVER_ERROR).send({ message: 'Internal error' });
    }
  }
}
