import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { frameworkTemplate, refusal, type RefusalBody } from './refusal.js';

/** The refusal body of an error the HTTP framework raises itself, by its status (as ApiErrorFilter answers Nest's). */
export function frameworkRefusal(status: number, message: string): RefusalBody {
  const template = frameworkTemplate(status);
  return refusal(message, template, ...(template === 'requestFailed' ? [String(status)] : []));
}

/**
 * Fastify's `frameworkErrors` option: the refusals Fastify answers before any route runs, so before Nest's exception
 * filter (a path with a broken percent escape such as `%ZZ` or `%E0%A4%A`: 400; a path parameter longer than the
 * router's limit: 414), in the API's error format `{errors: [{field, template, parameters}]}` rather than Fastify's own
 * `{statusCode, code, error, message}` (issue 28, found by test/api/fuzz.e2e.spec.ts).
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(frameworkRefusal(status, error.message));
}
