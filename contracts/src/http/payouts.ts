import { IsInt, IsOptional, IsString } from 'class-validator';
import { ListOf, NestedOf } from './rules.js';

/*
 * The SEPA payment file of a closure (issue 25; docs/sepa.md): `GET /dividend/sepa/{id}` downloads `sepa.xml`,
 * `GET /dividend/sepa/{id}/check` says beforehand whether it can be made.
 */

/** The numbered parameters of a refusal's template (`{ "0": "…" }`), as every error answer carries them. */
export class NumberedParameters {
  @IsOptional() @IsString() readonly 0?: string;
  @IsOptional() @IsString() readonly 1?: string;
  @IsOptional() @IsString() readonly 2?: string;
}

/** A refusal of the payment file: a field error with its template and numbered parameters. */
export class SepaErrorDto {
  @IsOptional() @IsString() readonly field!: string | null;
  @IsString() readonly template!: string;
  @NestedOf(() => NumberedParameters) readonly parameters!: Readonly<Record<string, string>>;
}

/** `GET /dividend/sepa/{id}/check`. */
export class SepaCheckDto {
  /** Transfers the file will hold (members with a net payout above zero). */
  @IsInt() readonly transfers!: number;
  /** Their sum in cents. */
  @IsInt() readonly controlSum!: number;
  /** Empty when the file can be made. */
  @ListOf(() => SepaErrorDto) readonly errors!: readonly SepaErrorDto[];
  /** What the clerk should know though the file can be made (`dividendHeirsAccountMissing`, decision 316). */
  @ListOf(() => SepaErrorDto) readonly notices!: readonly SepaErrorDto[];
}
