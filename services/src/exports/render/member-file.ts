import type { MemberDto } from '@coop/contracts';
import type { CsvDialect, ExportFormat } from '../member-columns.js';
import { memberCsv } from './member-csv.js';
import { memberOds } from './member-ods.js';
import { memberXlsx } from './member-xlsx.js';

/** The member list file in a format, from batches of members (the builder the format names). */
export function buildMemberFile(
  format: ExportFormat,
  dialect: CsvDialect,
  batches: AsyncIterable<readonly MemberDto[]>,
  progress?: (done: number) => void,
): Promise<Buffer> {
  if (format === 'csv') return memberCsv(batches, dialect, progress);
  return format === 'xlsx' ? memberXlsx(batches, progress) : memberOds(batches, progress);
}
