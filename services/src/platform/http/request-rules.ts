import {
  getMetadataStorage,
  validateSync,
  ValidationTypes,
  type MetadataStorage,
  type ValidationArguments,
  type ValidationError as ClassValidatorError,
  type ValidatorOptions,
} from 'class-validator';

/**
 * class-validator's rules of a request class, gathered once per class, for the accepted body: `validateSync` works
 * out on every call which rules a class has (a walk over every class's rules, a grouping by property, filters per
 * property), builds an error record for every property before it knows whether any rule fails, and finds each
 * rule's validator by a linear search of its container. Here the same rules (class-validator's metadata, its
 * validator instances) are asked whether the body passes; only a body that breaks one goes through `validateSync`,
 * whose errors answer it. A class with rules this does not follow (nested classes, promises) always goes through
 * `validateSync`. docs/performance.md, issue 21.
 */

/** The pipe's options: undeclared fields are left out; no reference to the body in an error. */
export const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidUnknownValues: false,
  validationError: { target: false },
};

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

interface Rule {
  readonly validate: (value: unknown, args: ValidationArguments) => unknown;
  /** The rule's own condition (`ValidationOptions.validateIf`). */
  readonly validateIf: ((object: object, value: unknown) => boolean) | undefined;
  /** Applied to every item of a list, set or map (`each`). */
  readonly each: boolean;
  readonly constraints: unknown[];
}

interface PropertyRules {
  readonly property: string;
  /** `@ValidateIf` conditions: the property's rules run only when all hold. */
  readonly conditions: readonly ((object: object, value: unknown) => boolean)[];
  readonly rules: readonly Rule[];
}

interface ClassRules {
  /** Every property with any metadata: the others are left out of the body (`whitelist`). */
  readonly declared: ReadonlySet<string>;
  readonly properties: readonly PropertyRules[];
}

/** Per class; null: the class needs class-validator's whole executor. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator keys its rules by the class as a Function
const gathered = new Map<Function, ClassRules | null>();

/**
 * The errors class-validator answers for `entity` with VALIDATOR_OPTIONS (undeclared fields deleted from it, as its
 * `whitelist` does): none when every rule passes, else `validateSync`'s own.
 */
export function requestErrors(entity: object): ClassValidatorError[] {
  const rules = rulesOf(entity.constructor);
  if (rules === null) return validateSync(entity, VALIDATOR_OPTIONS);
  const fields = entity as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!rules.declared.has(key)) delete fields[key];
  return passes(entity, rules) ? [] : validateSync(entity, VALIDATOR_OPTIONS);
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator keys its rules by the class as a Function
function rulesOf(type: Function): ClassRules | null {
  let rules = gathered.get(type);
  if (rules === undefined) {
    rules = gather(type);
    gathered.set(type, rules);
  }
  return rules;
}

/** What `validateSync` without groups runs for `type` (its own and inherited rules), in its order. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator keys its rules by the class as a Function
function gather(type: Function): ClassRules | null {
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(type, '', false, false);
  if (metadatas.length === 0) return null;
  const byProperty = storage.groupByPropertyName(metadatas);
  const properties: PropertyRules[] = [];
  for (const [property, list] of Object.entries(byProperty)) {
    const conditions: ((object: object, value: unknown) => boolean)[] = [];
    const rules: Rule[] = [];
    for (const metadata of list) {
      switch (metadata.type) {
        case ValidationTypes.WHITELIST:
          break;
        case ValidationTypes.CONDITIONAL_VALIDATION:
          conditions.push(conditionOf(metadata));
          break;
        case ValidationTypes.IS_DEFINED:
        case ValidationTypes.CUSTOM_VALIDATION:
          for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
            if (constraint.async) continue; // validateSync leaves asynchronous rules out
            const instance = constraint.instance;
            rules.push({
              validate: (value, args) => instance.validate(value, args),
              validateIf: metadata.validateIf,
              each: metadata.each,
              constraints: metadata.constraints,
            });
          }
          break;
        default:
          return null; // nested classes, promises: class-validator's executor
      }
    }
    if (conditions.length > 0 || rules.length > 0) properties.push({ property, conditions, rules });
  }
  return { declared: new Set(Object.keys(byProperty)), properties };
}

function conditionOf(metadata: ValidationMetadata): (object: object, value: unknown) => boolean {
  const condition: unknown = metadata.constraints[0];
  if (typeof condition !== 'function') throw new Error(`ValidateIf of ${metadata.propertyName} has no condition`);
  return (object, value) => Boolean((condition as (object: object, value: unknown) => unknown)(object, value));
}

/** Whether no rule that class-validator would run on `entity` fails. A rule answering a promise counts as passed, as in validateSync. */
function passes(entity: object, rules: ClassRules): boolean {
  const fields = entity as Record<string, unknown>;
  const targetName = entity.constructor.name;
  for (const { property, conditions, rules: propertyRules } of rules.properties) {
    const value = fields[property];
    let applies = true;
    for (const condition of conditions) if (!condition(entity, value)) applies = false;
    if (!applies) continue;
    for (const rule of propertyRules) {
      if (rule.validateIf !== undefined && !rule.validateIf(entity, value)) continue;
      const args: ValidationArguments = { targetName, property, object: entity, value, constraints: rule.constraints };
      if (!rule.each || !(Array.isArray(value) || value instanceof Set || value instanceof Map)) {
        const valid = rule.validate(value, args);
        if (!valid) return false;
        continue;
      }
      const items: unknown[] = value instanceof Map ? [...value.values()] : [...(value as Iterable<unknown>)];
      const results = items.map((item) => rule.validate(item, args));
      if (results.some(isPromise)) continue;
      if (!results.every(Boolean)) return false;
    }
  }
  return true;
}

function isPromise(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
