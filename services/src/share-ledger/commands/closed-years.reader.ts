import { Injectable } from '@nestjs/common';
import {
  dividendRegisterStream,
  type DividendRegisterEvent,
  type ExpectedRevision,
  type StreamAppend,
} from '@coop/contracts';
import { evolveClosedYears, noYearClosed, type ClosedThrough } from '../../kernel/closed-years.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';

/** The cooperative's closed years as a posting reads them: the latest year closing or closed, and the register's revision. */
export interface ClosedYears {
  readonly closedThrough: ClosedThrough;
  readonly streamId: string;
  readonly expected: ExpectedRevision;
}

/**
 * Reads the cooperative's dividend register (`dividends-<coop>`, a few events a year) for every posting (issue 23).
 * The posting decides with the latest closed year and appends, in the same atomic write, an entry for the register
 * with no events and the revision read (`revisionCheck`): a closure that started meanwhile (`DividendYearClosing`)
 * fails that append, and the posting is decided again against the new year. Exported by the share ledger's module
 * (an admission posts too).
 */
@Injectable()
export class ClosedYearsReader {
  /**
   * The register last read per cooperative, at the revision read. Streams only grow, so a posting reads just the
   * events after it: one indexed look-up that finds none, on the write path that is tuned per posting (decision 40).
   */
  private readonly known = new Map<string, { readonly revision: number; readonly closedThrough: ClosedThrough }>();

  constructor(private readonly writer: StreamWriter) {}

  async read(cooperativeId: string): Promise<ClosedYears> {
    const streamId = dividendRegisterStream(cooperativeId);
    const known = this.known.get(cooperativeId);
    const events = await this.writer.readAfter(streamId, known?.revision ?? -1);
    const last = events[events.length - 1];
    if (!last)
      return known
        ? { closedThrough: known.closedThrough, streamId, expected: known.revision }
        : { closedThrough: noYearClosed, streamId, expected: 'no_stream' };
    const folded = events.reduce(
      (state, e) => evolveClosedYears(state, { type: e.type, data: e.data } as DividendRegisterEvent),
      known?.closedThrough ?? noYearClosed,
    );
    this.known.set(cooperativeId, { revision: last.revision, closedThrough: folded });
    return { closedThrough: folded, streamId, expected: last.revision };
  }
}

/** The register's entry of a posting's atomic write: no events, only the revision the posting was decided at. */
export function revisionCheck(read: ClosedYears): StreamAppend {
  return { streamId: read.streamId, expected: read.expected, events: [] };
}
