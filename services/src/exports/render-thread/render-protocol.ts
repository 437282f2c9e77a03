import type { MemberDto } from '@coop/contracts';
import type { CsvDialect, ExportFormat } from '../member-columns.js';

/** What the API thread sends a render thread: the file to make, then the members batch by batch, then the end. */
export type RenderRequest =
  | { readonly start: { readonly format: ExportFormat; readonly dialect: CsvDialect } }
  | { readonly batch: readonly MemberDto[] }
  | { readonly end: true };

/** What a render thread answers: ready, members written so far, the finished file, or why it failed. */
export type RenderAnswer =
  | { readonly ready: true }
  | { readonly done: number }
  | { readonly bytes: Uint8Array }
  | { readonly error: string };
