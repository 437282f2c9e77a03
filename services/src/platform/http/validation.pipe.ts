import { ValidationPipe, type ArgumentMetadata, type ValidationError as ClassValidatorError } from '@nestjs/common';
import { fieldError, isRuleContext, ValidationError, type FieldError } from '@coop/contracts';

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
      if (!isRuleContext(context)) throw new Error(`The rule ${first} of ${field} names no template (contracts: rule(...))`);
      for (const parameters of context.errors(error.value)) out.push(fieldError(field, context.template, ...parameters));
    }
    if (error.children && error.children.length > 0) out.push(...fieldErrorsOf(error.children, `${field}.`));
  }
  return out;
}

/**
 * The global pipe: a body typed with a request class of `contracts` is read into that class (its transforms read
 * loose JSON as the API always did: numbers as text, numeric text as numbers), stripped of undeclared fields, and
 * checked. A body that is not a JSON object reads as `{}`, as before. Bodies typed `unknown` pass untouched.
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: false,
      forbidUnknownValues: false,
      // The answer names field, template and parameters (from the value): no reference to the whole object in each error.
      validationError: { target: false },
      exceptionFactory: (errors) => new ValidationError(fieldErrorsOf(errors)),
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    return super.transform(metadata.type === 'body' && !isObject ? {} : value, metadata);
  }
}
