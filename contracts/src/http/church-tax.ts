import { IsIn, IsOptional, IsString } from 'class-validator';
import { CHURCH_QUERY_KINDS } from '../events/member-events.js';
import {
  AsBusinessDate,
  AsOptionalText,
  AsText,
  DateInRange,
  IsBusinessDate,
  IsFilled,
  MaxText,
  rule,
  ruleNamingValue,
} from './rules.js';
import { TEXT_MAX } from '../limits.js';

/*
 * A member's church-tax attributes (issue 24; DOMAIN.md 3.3, 10). Special-category data (Art. 9 GDPR): only the roles
 * that run the dividend (permission `church:read`, services/src/auth/policy.ts) read or write them; for other roles
 * every answer carries null in `churchId`, `churchTaxRate`, `kiSt` and `kiStSatz`.
 *
 * Routes (services/src/church-tax): `GET /members/{id}/church-tax` → `MemberChurchTaxDto`;
 * `PUT /members/{id}/church-tax` with `ChurchTaxWrite` (a paper answer typed in) → `MemberChurchTaxDto`.
 */

/** `PUT /members/{id}/church-tax`: church id and rate both empty record a null answer (no church tax). */
export class ChurchTaxWrite {
  @AsOptionalText() @IsOptional() @IsString(rule('invalidChoice')) @MaxText(TEXT_MAX.code) readonly churchId:
    string | null = null;
  /** Percent as a decimal string ("8", "9"); `,` is read as `.`. */
  @AsOptionalText() @IsOptional() @IsString(rule('invalidNumber')) @MaxText(TEXT_MAX.code) readonly churchTaxRate:
    string | null = null;
  /** The date of the answer (its status date). */
  @AsBusinessDate()
  @IsFilled(rule('mustNotBeEmpty'))
  @IsBusinessDate(rule('invalidDate'))
  @DateInRange()
  readonly queriedOn: string = '';
  @AsText(true)
  @IsIn(CHURCH_QUERY_KINDS, ruleNamingValue('invalidChoice'))
  @MaxText(TEXT_MAX.code)
  readonly queryKind: string = 'paper';
  /**
   * The church data's `masterTag` as the form read them (`GET /members/{id}/church-tax`): church data recorded meanwhile
   * (a paper answer, a KiStAM answer, the member form) refuse the write `409 recordChangedMeanwhile` instead of being
   * overwritten (a lost update). Left out or null: not checked.
   */
  @AsOptionalText() @IsOptional() @IsString(rule('invalidChoice')) @MaxText(TEXT_MAX.tag) readonly masterTag?:
    string | null = null;
}

/** A member's church-tax attributes with where they come from. */
export class MemberChurchTaxDto {
  @IsString() readonly memberId!: string;
  @IsOptional() @IsString() readonly churchId!: string | null;
  @IsOptional() @IsString() readonly churchTaxRate!: string | null;
  /** Null while never queried nor typed in (the member form's values then stand alone). */
  @IsOptional() @IsString() readonly queriedOn!: string | null;
  @IsOptional() @IsIn(CHURCH_QUERY_KINDS) readonly queryKind!: string | null;
  @IsOptional() @IsString() readonly taskId!: string | null;
  /**
   * Every field `PUT` writes (church, rate, date, kind, task) as answered, as a tag (16 hex digits): sent back with
   * `PUT`, a change made meanwhile is refused (409 `recordChangedMeanwhile`). Answered only with the church data, so
   * only to callers with `church:read`.
   */
  @IsString() readonly masterTag!: string;
}
