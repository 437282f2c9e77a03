import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { isValidElmaFs, isValidElmaKm } from '../validators.js';
import { AsOptionalText, AsText, IsFilled, MaxText, Satisfies, rule, ruleNamingValue } from './rules.js';
import { TEXT_MAX } from '../limits.js';

export const ELMA_PROCESSES = ['fs', 'km'] as const;
export type ElmaProcess = (typeof ELMA_PROCESSES)[number];

/** An approval number as the API answers it. */
export class ElmaNumberDto {
  @IsString() readonly id!: string;
  @IsIn(ELMA_PROCESSES) readonly elmaProcess!: ElmaProcess;
  @IsString() readonly elmaNumber!: string;
  /** UTC ISO 8601 timestamp. */
  @IsString() readonly createdAt!: string;
  /** The process and number as answered, as a tag: sent back with `PUT`, a change made meanwhile is refused (409 `recordChangedMeanwhile`). */
  @IsString() readonly masterTag!: string;
}

/** The number is checked against the process sent; an empty or unknown process is reported on its own field. */
const fitsProcess =
  (process: ElmaProcess, test: (v: string) => boolean) =>
  (v: unknown, body: Record<string, unknown>): boolean =>
    body.elmaProcess !== process || typeof v !== 'string' || v === '' || test(v);

/** `POST /elmanumbers`, `PUT /elmanumbers/{id}`. */
export class ElmaNumberWrite {
  @AsText(true)
  @IsFilled(rule('mustNotBeEmpty'))
  @IsIn(ELMA_PROCESSES, ruleNamingValue('invalidChoice'))
  @MaxText(TEXT_MAX.code)
  elmaProcess: string = '';
  /** fs: 8 digits starting 1, 3, 5 or 7, not ending 0; km: 11 digits. Spaces are left out. */
  @Transform(({ value }: { value: unknown }) =>
    (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '').replace(/\s+/g, ''),
  )
  @IsFilled(rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.code)
  @Satisfies('isElmaFs', fitsProcess('fs', isValidElmaFs), rule('invalidElmaFs'))
  @Satisfies('isElmaKm', fitsProcess('km', isValidElmaKm), rule('invalidElmaKm'))
  elmaNumber: string = '';
  /**
   * The number's `masterTag` as the form read it (the console sends the record it loaded): a change made meanwhile
   * refuses the write `409 recordChangedMeanwhile` instead of overwriting it (a lost update). Left out or null: not
   * checked. Ignored on `POST`.
   */
  @AsOptionalText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.tag) masterTag?:
    string | null = null;
}
