import { BadRequestException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { frameworkRefusal } from './framework-errors.js';

/** The largest request body accepted (the adapter's `bodyLimit`, for every parser): 100 KiB, as under Express. */
export const BODY_LIMIT = 100 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have. Our request classes nest two levels at most; a body
 * nested some thousand levels deep overflowed the stack of class-transformer (which walks undeclared fields too) and
 * answered 500 (issue 28, found by test/api/fuzz.e2e.spec.ts).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with the shape of a parsed JSON body, or null: nesting deeper than `maxDepth`, or a field named as a
 * property every JavaScript object has (`constructor`, `hasOwnProperty`, `toString`, ...). No request class declares
 * one; class-transformer, which walks undeclared fields before they are stripped, takes a nested `constructor` for the
 * object's class (`{"a": {"constructor": [null]}}` answered 500, issue 28), and the other names are refused with it,
 * as Fastify's parser refuses `__proto__`, rather than waiting for the next library to trip on one. Walks without
 * recursion: any depth is safe.
 */
export function bodyShapeFault(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return `The request body nests deeper than ${maxDepth} levels`;
    for (const [key, child] of Object.entries(v)) {
      if (!Array.isArray(v) && Object.hasOwn(Object.prototype, key))
        return `The request body names a field ${key}, a property of every object`;
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * JSON request bodies as Fastify parses them (a body with `__proto__` or `constructor.prototype` keys is refused
 * with 400, as is malformed JSON), except that an empty body with `Content-Type: application/json` is read as `{}`
 * as the API always did, instead of Fastify's 400: a client that sets the header on every request (a DELETE
 * without a body) keeps working. A body nested deeper than MAX_JSON_DEPTH or with a field named as a property of every object is
 * refused with 400 (bodyShapeFault).
 */
export function parseJsonBodies(app: NestFastifyApplication): void {
  const strict = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', {}, (req, body, done) => {
    if (body.length === 0) {
      done(null, {});
      return;
    }
    strict(req, body.toString('utf8'), (err, parsed) => {
      const fault = err ? null : bodyShapeFault(parsed);
      if (fault !== null) {
        done(new BadRequestException(frameworkRefusal(400, fault)), undefined);
        return;
      }
      done(err, parsed);
    });
  });
}
