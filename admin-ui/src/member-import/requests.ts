import type { ImportQueuedDto } from '@coop/contracts/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api';
import { downloadFile, type DownloadOutcome } from '../session/download';
import type {
  ImportDryRunDto,
  ImportInspectionDto,
  ImportKind,
  ImportMapping,
  ImportRecordDto,
  ImportResultDto,
} from './dto';

/*
 * The import's requests (design 29, "The API"): uploads are multipart (`files`, 1–8 files, and `mapping` as JSON text);
 * the dry run and the write answer 202 `{taskId}` for a large import (the task then holds the result).
 */

/** A request the server took to the background (202): the task to follow. */
export type Queued = ImportQueuedDto;

export const isQueued = (body: unknown): body is Queued =>
  typeof body === 'object' && body !== null && typeof (body as { taskId?: unknown }).taskId === 'string';

/**
 * The multipart body: every file under `files`, the mapping (when given) as JSON text under `mapping`, and
 * `confirmWarnings=true` when the clerk confirmed the check's possible duplicates (issue 39).
 */
export function uploadBody(files: readonly File[], mapping?: ImportMapping, confirmWarnings = false): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (confirmWarnings) body.append('confirmWarnings', 'true');
  return body;
}

/** `POST /import/inspect`: the detected formats, sheets, headers, guesses and the field catalogue. */
export async function inspect(files: readonly File[]): Promise<ImportInspectionDto> {
  return (await api<ImportInspectionDto>('/import/inspect', { method: 'POST', body: uploadBody(files) })).body;
}

/** `POST /import/dry-run?lang=`: the check without writing, or the task checking a large import (its problems workbook in `lang`). */
export async function dryRun(
  files: readonly File[],
  mapping: ImportMapping,
  lang: string,
): Promise<ImportDryRunDto | Queued> {
  return (
    await api<ImportDryRunDto | Queued>(`/import/dry-run?lang=${lang === 'en' ? 'en' : 'de'}`, {
      method: 'POST',
      body: uploadBody(files, mapping),
    })
  ).body;
}

/** `POST /import`: the write (all or nothing), or the task writing a large import; `confirmWarnings`: the possible duplicates confirmed. */
export async function writeImport(
  files: readonly File[],
  mapping: ImportMapping,
  confirmWarnings = false,
): Promise<ImportResultDto | Queued> {
  return (
    await api<ImportResultDto | Queued>('/import', {
      method: 'POST',
      body: uploadBody(files, mapping, confirmWarnings),
    })
  ).body;
}

/** `POST /import/problems.xlsx?lang=`: the files' rows with their problems beside them, in the clerk's language. */
export async function downloadProblems(
  files: readonly File[],
  mapping: ImportMapping,
  lang: string,
): Promise<DownloadOutcome> {
  return downloadFile(
    `/import/problems.xlsx?lang=${lang === 'de' ? 'de' : 'en'}`,
    lang === 'de' ? 'import-probleme.xlsx' : 'import-problems.xlsx',
    uploadBody(files, mapping),
  );
}

/** The downloads of step 1: the template workbook, a CSV template per kind, the register as an import workbook. */
export type ImportDownload =
  { readonly template: 'workbook' } | { readonly template: ImportKind } | { readonly register: true };

export function downloadRequest(what: ImportDownload): { path: string; name: string } {
  if ('register' in what) return { path: '/import/register.xlsx', name: 'register.xlsx' };
  if (what.template === 'workbook') return { path: '/import/templates/workbook.xlsx', name: 'import-vorlage.xlsx' };
  return { path: `/import/templates/${what.template}.csv`, name: `${what.template}.csv` };
}

/** `GET /import/history`: the imports written so far. */
export function useImportHistory() {
  return useQuery({
    queryKey: ['import', 'history'],
    queryFn: async () => {
      const res = await api<ImportRecordDto[] | null>('/import/history');
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    retry: false,
  });
}

/** `POST /import/{id}/abandon` (administrators; issue 40): ends the running import; what it wrote stays. */
export async function abandonImport(importId: string): Promise<void> {
  await api<unknown>(`/import/${encodeURIComponent(importId)}/abandon`, { method: 'POST' });
}
