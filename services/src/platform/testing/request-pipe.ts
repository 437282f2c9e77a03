import { ValidationError, type FieldError } from '@coop/contracts';
import { RequestValidationPipe } from '../http/validation.pipe.js';

/** Tests of the request classes: a body read through the API's own pipe, as a route reads it. */
const pipe = new RequestValidationPipe();

/** The body read into `type` (its transforms applied), or the pipe's ValidationError thrown. */
export async function readRequest<T extends object>(type: new () => T, value: unknown): Promise<T> {
  return pipe.transform(value, { type: 'body', metatype: type }) as T;
}

/** The field errors the pipe answers for this body; fails the test when the body is accepted. */
export async function refusal(type: new () => object, value: unknown): Promise<readonly FieldError[]> {
  try {
    await readRequest(type, value);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('accepted');
}
