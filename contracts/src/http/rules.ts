import { Transform } from 'class-transformer';
import {
  IsArray,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { isIsoDate } from '../business-date.js';
import { BUSINESS_DATE_MAX, BUSINESS_DATE_MIN, hasControlCharacter, hasVisibleText, isPlainName } from '../limits.js';
import type { ValidationTemplate } from '../validation.js';

/**
 * How a request class says which answer a broken rule gives: every validation decorator of a request class carries
 * a `RuleContext` as its class-validator `context` (made with `rule`, `ruleNamingValue` or `rulePerItem`, never by
 * hand). The API's validation pipe reads it and answers `{errors: [{field, template, parameters}]}`; the property is
 * the field. Of several rules on one property, the first one written (top to bottom) that fails is answered.
 */
export interface RuleContext {
  readonly template: ValidationTemplate;
  /** The numbered parameters of each error the rule reports on its field (one list per error). */
  readonly errors: (value: unknown) => readonly (readonly string[])[];
}

export function isRuleContext(value: unknown): value is RuleContext {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RuleContext).template === 'string' &&
    typeof (value as RuleContext).errors === 'function'
  );
}

/** A rule answered with `template` and fixed parameters (`{"0": parameters[0], …}`). */
export function rule(template: ValidationTemplate, ...parameters: string[]): ValidationOptions {
  const context: RuleContext = { template, errors: () => [parameters] };
  return { context };
}

/** A rule answered with `template` and the value sent as parameter 0 (`invalidChoice`). */
export function ruleNamingValue(template: ValidationTemplate): ValidationOptions {
  const context: RuleContext = { template, errors: (value) => [[String(value)]] };
  return { context };
}

/** A rule on every item of a list, answered once per failing item with the item as parameter 0 (`invalidRole`). */
export function rulePerItem(
  template: ValidationTemplate,
  failing: (items: readonly unknown[]) => readonly unknown[],
): ValidationOptions {
  const context: RuleContext = {
    template,
    errors: (value) => (Array.isArray(value) ? failing(value) : [value]).map((item) => [String(item)]),
  };
  return { each: true, context };
}

/**
 * A named rule over the value and the whole body (`object`): the pure checks of `contracts` (tax number, IBAN,
 * approval numbers, calendar dates) become decorators with it. The name appears in the OpenAPI converters.
 */
export function Satisfies(
  name: string,
  test: (value: unknown, object: Record<string, unknown>) => boolean,
  options: ValidationOptions,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          test(value, (args?.object ?? {}) as Record<string, unknown>),
        // Not empty: class-validator attaches the context (the template) only to a rule with a message.
        defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'value'} fails ${name}`,
      },
    });
  };
}

export const isBlankValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Filled text (not empty, not blanks only). Name `isFilled`. */
export function IsFilled(options: ValidationOptions): PropertyDecorator {
  return Satisfies('isFilled', (v) => typeof v === 'string' && v.trim() !== '', options);
}

/** `YYYY-MM-DD`, a real calendar day. Name `isBusinessDate` (OpenAPI: `format: date`). */
export function IsBusinessDate(options: ValidationOptions): PropertyDecorator {
  return Satisfies('isBusinessDate', (v) => typeof v === 'string' && isIsoDate(v), options);
}

// ---- Limits (issue 38; contracts/src/limits.ts, docs/security.md "Limits") ----

/** A rule with constraints the OpenAPI converters read (`maxText`: the length; `isDateInRange`: the range). */
function limitRule(
  name: string,
  constraints: readonly unknown[],
  test: (value: unknown) => boolean,
  options: ValidationOptions,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [...constraints],
      options,
      validator: {
        validate: (value: unknown) => test(value),
        defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'value'} fails ${name}`,
      },
    });
  };
}

/**
 * Text of at most `max` characters (`tooLong` naming the limit); anything that is no text passes to the other rules.
 * With `each`, every item of a list. Name `maxText` (OpenAPI: `maxLength`).
 */
export function MaxText(max: number, each = false): PropertyDecorator {
  return limitRule('maxText', [max], (v) => typeof v !== 'string' || v.length <= max, {
    ...rule('tooLong', String(max)),
    each,
  });
}

/**
 * Text that shows something: a value made only of blanks, controls, zero-width signs or bidi marks is empty
 * (`mustNotBeEmpty`); a control character inside it is refused (`controlCharacters`), but for a `multiline` text
 * (a reason) line breaks and tabs. Null, empty and non-text pass.
 */
export function VisibleText(multiline = false): PropertyDecorator {
  const controls = (v: string): boolean => hasControlCharacter(multiline ? v.replace(/[\n\r\t]/g, '') : v);
  return (target: object, propertyName: string | symbol) => {
    Satisfies(
      'hasNoControlCharacter',
      (v) => typeof v !== 'string' || !controls(v),
      rule('controlCharacters'),
    )(target, propertyName);
    Satisfies(
      'hasVisibleText',
      (v) => typeof v !== 'string' || v === '' || hasVisibleText(v),
      rule('mustNotBeEmpty'),
    )(target, propertyName);
  };
}

/** A user's name that cannot pass for another's (`isPlainName`; `usernameLookAlike`). */
export function PlainName(): PropertyDecorator {
  return Satisfies('isPlainName', (v) => typeof v !== 'string' || isPlainName(v), rule('usernameLookAlike'));
}

/**
 * A real date within `min`..`max` (`dateOutOfRange` naming both); no date, or a malformed one, passes to the other
 * rules. `max` may be a function (birth dates: today). Name `isDateInRange` (OpenAPI: the range in the description).
 */
export function DateInRange(
  min: string = BUSINESS_DATE_MIN,
  max: string | (() => string) = BUSINESS_DATE_MAX,
): PropertyDecorator {
  const latest = typeof max === 'function' ? max : () => max;
  const test = (v: unknown): boolean => typeof v !== 'string' || !isIsoDate(v) || (v >= min && v <= latest());
  const context: RuleContext = { template: 'dateOutOfRange', errors: () => [[min, latest()]] };
  return limitRule('isDateInRange', [min, typeof max === 'function' ? 'today' : max], test, { context });
}

// ---- Reading the body as the API always did: loose JSON shapes become the typed values the rules check ----

/** Text: a number is read as its digits, anything else that is not a string as empty (trimmed when `trim`). */
export function AsText(trim = false): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    const t = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    return trim ? t.trim() : t;
  });
}

/**
 * Optional text: trimmed, a number read as its digits; empty, null or absent reads as null. Anything else (a list, an
 * object, a boolean) is kept as sent, so the field's rules refuse it: read as null it cleared the field (a probe).
 */
export function AsOptionalText(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    const t = typeof value === 'string' ? value.trim() : String(value);
    return t === '' ? null : t;
  });
}

/** A whole number, also sent as numeric text; other values are kept as sent, so the rules name them. */
export function AsInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value,
  );
}

/** A boolean, also sent as `"true"`/`"false"`. */
export function AsBoolean(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));
}

/** A business date: trimmed, a date-time cut to its date; `emptyAsNull`: left empty reads as null. */
export function AsBusinessDate(emptyAsNull = false): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (emptyAsNull && isBlankValue(value)) return null;
    if (typeof value !== 'string') return value;
    const s = value.trim();
    return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
  });
}

/** A list of strings; a single string reads as a one-element list. */
export function AsStrings(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.map((x) => (typeof x === 'string' ? x : String(x)))
        : [],
  );
}

// ---- Nested answer classes ----

/** A class, as class-validator names the targets of its rules. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator names the targets of its rules by Function
type Constructor = Function;
const nestedTypes = new Map<Constructor, Map<string, () => Constructor>>();

function keepNestedType(target: object, propertyName: string | symbol, type: () => Constructor): void {
  const owner = target.constructor as Constructor;
  const types = nestedTypes.get(owner) ?? new Map<string, () => Constructor>();
  types.set(String(propertyName), type);
  nestedTypes.set(owner, types);
}

/**
 * A list of `item` objects (an answer's nested rows). class-transformer's `@Type` would need reflect-metadata in the
 * browser; the item class is kept here instead, for the OpenAPI document (`nestedType`).
 */
export function ListOf(item: () => Constructor): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    keepNestedType(target, propertyName, item);
    // A value that is no list (or an item no object) is a wrong choice: without a template the pipe answered 500.
    IsArray(rule('invalidChoice'))(target, propertyName);
    ValidateNested({ each: true, ...rule('invalidChoice') })(target, propertyName);
  };
}

/** One nested `type` object (null when `IsOptional` is added). */
export function NestedOf(type: () => Constructor): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    keepNestedType(target, propertyName, type);
    ValidateNested(rule('invalidChoice'))(target, propertyName);
  };
}

/** The class of a `ListOf` item or a `NestedOf` object, if the property is one. */
export function nestedType(owner: Constructor, propertyName: string): Constructor | undefined {
  return nestedTypes.get(owner)?.get(propertyName)?.();
}
