import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { ruleNamingValue } from './rules.js';

/**
 * `confirmWarnings` of a write that has plausibility warnings (contracts/src/plausibility.ts): left out or false, the
 * API answers `409 {warnings}` and records nothing; true, the write is recorded despite them. Also `"true"`; anything
 * else but a boolean is `invalidChoice`.
 */
export const ConfirmsWarnings = (): PropertyDecorator => (target: object, propertyName: string | symbol) => {
  Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === false || value === 'false'
      ? false
      : value === true || value === 'true'
        ? true
        : value,
  )(target, propertyName);
  // Optional in the OpenAPI document; left out it reads as false.
  IsOptional()(target, propertyName);
  IsBoolean(ruleNamingValue('invalidChoice'))(target, propertyName);
};
