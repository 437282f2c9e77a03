import { UploadGate } from '../http/upload-gate.js';

/**
 * Files made at once in this process (decision 337): member PDFs, member list exports and reminder letters, whether in
 * a render thread or on the calling thread. A review's probe: 200 member-list PDFs at once, asked by one cooperative's
 * read-only auditor, each made at once, held every cooperative's API for 16-18 s (a ping's slowest answer) and grew
 * the process by 180 MB. Two are made at once: each may take a core (a render thread) or turns of the API's thread.
 */
export const RENDERS_AT_ONCE = 2;
/** Waiting costs a request's connection and its few read-model rows counted; no thread, no batch read yet. */
export const RENDERS_WAITING = 8;
/**
 * One cooperative's files at once: one made, three waiting behind it, so the other place is always another
 * cooperative's to take and one cooperative holds half the waiting places at most. Beyond: 503 `renderBusy`.
 */
export const RENDERS_PER_COOPERATIVE = { running: 1, held: 4 } as const;

/** The gate the renderers take a place of before they start a thread or lay out a page (one for the process). */
export const RENDER_GATE = new UploadGate({
  atOnce: RENDERS_AT_ONCE,
  waiting: RENDERS_WAITING,
  perOwner: RENDERS_PER_COOPERATIVE,
  busy: {
    message: 'Other PDFs and lists are being made just now. Please try again in a minute.',
    template: 'renderBusy',
  },
});

/**
 * Whose file it is and how it waits: a request's (`background` absent) is refused 503 `renderBusy` beyond the places;
 * a background task's waits for its turn however many wait (it must not fail for being busy).
 */
export interface RenderTurn {
  readonly cooperativeId: string;
  readonly background?: boolean;
  /** A request's client gone (`whileConnected`): it leaves the waiting places (decision 351). */
  readonly gone?: AbortSignal;
}

/** Makes a file (`make`) in its turn at `gate`: nothing of it starts (no thread, no budget's clock) before. */
export function inRenderTurn<T>(turn: RenderTurn, make: () => Promise<T>, gate: UploadGate = RENDER_GATE): Promise<T> {
  return turn.background
    ? gate.inTurn(make, turn.cooperativeId)
    : gate.run(make, undefined, turn.gone, turn.cooperativeId);
}
