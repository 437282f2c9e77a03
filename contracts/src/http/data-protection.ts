import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import { AsBoolean, AsText, IsBusinessDate, IsFilled, ListOf, MaxText, VisibleText, rule } from './rules.js';
import { TEXT_MAX } from '../limits.js';

/*
 * The data-protection clean-up (issue 27, SPEC.md 3 "Data-protection list item", 7 `dsgvo/clean-member`) and the hold
 * flag on a member (`PUT /members/{id}/retention-hold`).
 */

/** A member due for erasure (SPEC.md 3): member number, name, given name, exit date. */
export class DataProtectionListItem {
  @IsString() readonly id!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsOptional() @IsString() readonly name!: string | null;
  @IsOptional() @IsString() readonly givenName!: string | null;
  @IsBusinessDate({}) readonly exitDate!: string;
  /** The first day the member was due (1 January after the retention period). */
  @IsBusinessDate({}) readonly dueFrom!: string;
}

/** The answer of `POST /dsgvo/clean-member`: the run's id (null when nobody was due) and the members erased. */
export class CleanMemberResult {
  @IsOptional() @IsString() readonly erasureId!: string | null;
  @IsInt() readonly count!: number;
  @ListOf(() => DataProtectionListItem) readonly members!: readonly DataProtectionListItem[];
}

/** `PUT /members/{id}/retention-hold`: set (`held: true`) or clear the hold, always with a reason. */
export class RetentionHoldRequest {
  @AsBoolean() @IsBoolean(rule('invalidChoice')) held!: boolean;
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.reason) @VisibleText(true) reason: string = '';
}

/** The member's hold as `PUT /members/{id}/retention-hold` answers it. */
export class RetentionHoldDto {
  @IsString() readonly memberId!: string;
  @IsBoolean() readonly held!: boolean;
  @IsOptional() @IsString() readonly reason!: string | null;
  @IsOptional() @IsString() readonly since!: string | null;
}
