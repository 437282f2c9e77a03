/** What the calling thread sends a render thread: what to make, then the items batch by batch, then the end. */
export type RenderRequest<S, I> = { readonly start: S } | { readonly batch: readonly I[] } | { readonly end: true };

/** What a render thread answers: ready, items done so far, the finished file, or why it failed. */
export type RenderAnswer =
  { readonly ready: true } | { readonly done: number } | { readonly bytes: Uint8Array } | { readonly error: string };
