/**
 * A dry run or a write as the page keeps it: for the state of the files and columns it was made for (`revision`), its
 * answer, or the task doing it in the background (a large import: 202 `{taskId}`).
 */
export type Run<T> = { readonly revision: number } & ({ readonly result: T } | { readonly taskId: string });
