import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { LEAVE_REASONS, type LeaveReason } from '../movement-kinds.js';
import { ListOf, NestedOf } from './rules.js';

/*
 * The year's movement report for the annual accounts (issue 45; § 338 Abs. 1 HGB, the "Bestandsnachweis"):
 * `GET /reports/movements/{year}` (JSON), `.pdf`, `.xlsx`. All amounts integer euro cents, dates `YYYY-MM-DD`.
 * docs/movement-report.md says what each figure means.
 */

/** How many members left for one reason. */
export class LeaversDto {
  @IsIn(LEAVE_REASONS) readonly reason!: LeaveReason;
  @IsInt() readonly count!: number;
}

/** The members: at the start (1 January), joined, left (by reason), at the end (31 December). */
export class MovementMembersDto {
  @IsInt() readonly start!: number;
  @IsInt() readonly joined!: number;
  @IsInt() readonly left!: number;
  @ListOf(() => LeaversDto) readonly leftBy!: LeaversDto[];
  @IsInt() readonly end!: number;
  /** Of the members at the end, those holding no share (e.g. a holding transferred whole without an exit recorded). */
  @IsInt() readonly endWithoutShares!: number;
}

/**
 * Shares and money: `shares` the number of shares, `subscribed` their nominal amount (shares × price: the
 * Geschäftsanteile subscribed), `paid` the register's payment on them (`rueckpfleinzahlung`: the Geschäftsguthaben
 * strictly, the money actually paid in), all in cents.
 */
export class MovementHoldingDto {
  @IsInt() readonly shares!: number;
  @IsInt() readonly subscribed!: number;
  @IsInt() readonly paid!: number;
}

/**
 * One posting kind's movement in the year (0, 1, 4 add; 2, 3, 6, 7, 8 reduce), as a positive movement in its own
 * direction: `postings` of it dated in the year, `annulments` of such postings dated in the year (each counted under
 * its original's kind, on its own date, as the register counts it), and the net shares and cents.
 */
export class MovementKindDto {
  @IsInt() readonly kind!: number;
  @IsInt() readonly postings!: number;
  @IsInt() readonly annulments!: number;
  @IsInt() readonly shares!: number;
  @IsInt() readonly subscribed!: number;
  @IsInt() readonly paid!: number;
}

/** The liability sums (Haftsummen, § 119 GenG): shares × the statutes' liability per share, in cents. */
export class MovementLiabilityDto {
  @IsInt() readonly perShare!: number;
  @IsInt() readonly start!: number;
  @IsInt() readonly added!: number;
  @IsInt() readonly reduced!: number;
  @IsInt() readonly end!: number;
}

/** The movement report of one financial year (the calendar year). */
export class MovementReportDto {
  @IsInt() readonly year!: number;
  @IsString() readonly from!: string;
  @IsString() readonly to!: string;
  /** The business day the figures were read (the report's "as of"): postings dated in the year and recorded later change them. */
  @IsString() readonly asOf!: string;
  /** The year is not over yet on `asOf`: the figures hold what is recorded so far (ends already noticed for 31 December included). */
  @IsBoolean() readonly provisional!: boolean;
  @NestedOf(() => MovementMembersDto) readonly members!: MovementMembersDto;
  @NestedOf(() => MovementHoldingDto) readonly start!: MovementHoldingDto;
  @NestedOf(() => MovementHoldingDto) readonly added!: MovementHoldingDto;
  @NestedOf(() => MovementHoldingDto) readonly reduced!: MovementHoldingDto;
  @NestedOf(() => MovementHoldingDto) readonly end!: MovementHoldingDto;
  @ListOf(() => MovementKindDto) readonly byKind!: MovementKindDto[];
  /** Null when the statutes set no liability per share (the cooperative's `liabilityPerShare`). */
  @IsOptional() @NestedOf(() => MovementLiabilityDto) readonly liability!: MovementLiabilityDto | null;
  /** The start and end shares and cents agree with the members' holdings as of those days (the register as the member lists show it). */
  @IsBoolean() readonly reconciles!: boolean;
  /** The first and last year a report can be asked for (the first posting's year .. the current year). */
  @IsInt() readonly firstYear!: number;
  @IsInt() readonly lastYear!: number;
}
