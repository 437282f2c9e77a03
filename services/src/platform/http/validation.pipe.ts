import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import type { ValidationError as ClassValidatorError } from 'class-validator';
import { fieldError, isRuleContext, ValidationError, type FieldError } from '@coop/contracts';
import { requestErrors } from './request-rules.js';

/**
 * The answer for the request classes' broken rules, as the deciders answer theirs: `{errors: [{field, template,
 * parameters}]}` (ValidationError, mapped by ApiErrorFilter). Each rule carries its template as its class-validator
 * `context` (`rule` in contracts/src/http/rules.ts). Of the rules of one field that fail, the first one written
 * answers: decorators run bottom-up, so class-validator lists the constraints in reverse of the source.
 */
export function fieldErrorsOf(errors: readonly ClassValidatorError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = `${parent}${error.property}`;
    const failed = Object.keys(error.constraints ?? {});
    const first = failed[failed.length - 1];
    if (first !== undefined) {
      const context: unknown = error.contexts?.[first];
      if (!isRuleContext(context))
        throw new Error(`The rule ${first} of ${field} names no template (contracts: rule(...))`);
      for (const parameters of context.errors(error.value))
        out.push(fieldError(field, context.template, ...parameters));
    }
    if (error.children && error.children.length > 0) out.push(...fieldErrorsOf(error.children, `${field}.`));
  }
  return out;
}

/**
 * A JSON object as the JSON parser makes it; not an array, and not the bytes of another content type (a `text/csv`
 * body arrives as a Buffer, whose indexes class-validator cannot strip: it answered 500 on a JSON route, issue 28).
 */
function isJsonObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A named query parameter (`@Query('member')`) is one text or absent: a repeated one (`?member=a&member=b`, which the
 * query parser reads as an array) reads as its values joined by commas, as the list query reads them
 * (list-query.ts, `String` of the array). Until issue 28 the array reached the read store as a lookup key and answered 500.
 */
export function oneQueryValue(value: unknown): unknown {
  return Array.isArray(value) ? value.map(String).join(',') : value;
}

/**
 * A request class that also takes its one list as the whole body (SPEC.md 7 says `mark-seen` takes "a list of
 * notification ids") names that list's field here: a bare JSON array reads as `{[field]: array}`.
 */
export interface TakesBareList {
  readonly bareListField: string;
}

function bareListField(type: object): string | null {
  const field: unknown = (type as Partial<TakesBareList>).bareListField;
  return typeof field === 'string' ? field : null;
}

/**
 * The body as the object the request class reads. No body at all (a POST without one) reads as `{}`, as the API always
 * did; a bare array reads as the class's list when it takes one (TakesBareList). Any other body that is not a JSON
 * object (an array, a text, a number, `null`, the bytes of another content type) is refused with `bodyMustBeObject`:
 * until issue 43 it read as `{}`, and `POST /notifications/mark-seen` with a bare list answered `200 []` having marked
 * nothing, a success that did nothing.
 */
function requestObject(value: unknown, type: object): object {
  if (value === undefined) return {};
  if (isJsonObject(value)) return value;
  const listField = bareListField(type);
  if (Array.isArray(value) && listField !== null) return { [listField]: value };
  throw new ValidationError([fieldError(null, 'bodyMustBeObject')]);
}

/** Types Nest hands to a pipe that are no request class (a body typed `unknown` reads as Object). */
const NOT_A_REQUEST_CLASS: readonly unknown[] = [String, Boolean, Number, Array, Object];

/**
 * The global pipe: a body typed with a request class of `contracts` is read into that class (its transforms read
 * loose JSON as the API always did: numbers as text, numeric text as numbers), stripped of undeclared fields, and
 * checked. A body that is not a JSON object is refused (requestObject). Bodies typed `unknown` and other parameters pass
 * untouched. It calls class-transformer and class-validator itself, as Nest's documentation shows a validation pipe,
 * rather than through Nest's `ValidationPipe`: every rule of ours is synchronous (`validateSync`), and the general pipe's
 * own steps (an async chain, prototype-key and binary-value walks: `json-body.ts` refuses prototype keys already) cost
 * the posting path about 10 µs a request (docs/performance.md, issue 21).
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'query' && typeof metadata.data === 'string') return oneQueryValue(value);
    const type = metadata.metatype;
    if (metadata.type !== 'body' || typeof type !== 'function' || NOT_A_REQUEST_CLASS.includes(type)) return value;
    const body = requestObject(value, type);
    const entity: object = plainToInstance(type as new () => object, body);
    const errors = requestErrors(entity);
    if (errors.length > 0) throw new ValidationError(fieldErrorsOf(errors));
    return entity;
  }
}

/**
 * Reads `input` into the request class `type` with its rules, as the pipe reads a body (transforms, undeclared fields
 * left out, the same refusals): for a route's query (`GET /dividend/calc`) and for the writes that do not come over
 * HTTP (first start, demo, import), so that none of them skips a rule of the edge. Throws the fields' errors.
 */
export function readRequest<T extends object>(type: new () => T, input: object): T {
  const entity = plainToInstance(type, input);
  const errors = requestErrors(entity);
  if (errors.length > 0) throw new ValidationError(fieldErrorsOf(errors));
  return entity;
}
