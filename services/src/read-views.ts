import type { ReadDocument, ViewArgs, ViewBuilder, ViewRequest as AnyViewRequest } from '@coop/contracts';
import { toMemberDto } from './members/queries/member.view.js';

/**
 * The list views the read stores are given when they are opened (storage.ts, read-thread.ts): a page's documents
 * turned into what the API answers and written out as JSON by the store (in a read thread, where they run), so the API
 * thread only sends the text. Only pure functions of the document (no framework, no database), since they run in the
 * read threads as well.
 */
export const READ_VIEWS = {
  /** The member list (`GET /members`): `today` and, for "as of a date", `date` (both `YYYY-MM-DD`). */
  member: (doc: ReadDocument, args: ViewArgs) => toMemberDto(doc, args.today ?? '', args.date),
} as const satisfies Record<string, ViewBuilder>;

export type ReadViewName = keyof typeof READ_VIEWS;

/** A view of READ_VIEWS asked for by name, with its arguments (ReadStore.findView). */
export interface ViewRequest extends AnyViewRequest {
  readonly name: ReadViewName;
}
