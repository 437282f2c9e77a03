import type { SortPayload } from 'react-admin';
import { listQuery } from './listQuery';

/** How a list opens (sort, fixed filter); shared by the screen and the start-up prefetch (its resource's `index.ts`). */
export interface ListOpening {
  readonly defaultSort: SortPayload;
  readonly filter?: Record<string, unknown>;
  /** Tie-breaking fields (see useServerList). */
  readonly thenBy?: readonly string[];
}

/** `/users`: by user name (SPEC 9). */
export const USERS_LIST: ListOpening = { defaultSort: { field: 'username', order: 'ASC' } };
/** `/members`: by name, exited members hidden until the toggle is on (SPEC 2, 9). */
export const MEMBERS_LIST: ListOpening = {
  defaultSort: { field: 'name', order: 'ASC' },
  filter: { exitDate: null },
  thenBy: ['name', 'givenName', 'memberNr'],
};

/** The request of a list's first page as the list asks for it (20 rows, its opening sort and filter). */
export const firstPageRequest = (resource: string, opening: ListOpening): string =>
  `/${resource}?${listQuery({ pagination: { page: 1, perPage: 20 }, sort: opening.defaultSort, filter: opening.filter ?? {} }, opening.thenBy)}`;
