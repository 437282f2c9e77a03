import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { readChurchTaxOrigin } from '@coop/projections/church-tax';
import {
  churchDataTag,
  churchDataTagOfStream,
  evolveChurchDataOrigin,
  type ChurchDataOrigin,
} from './church-data-tag.js';

/*
 * The tag of `PUT /members/{id}/church-tax` (terms-church-edit-lost-update.e2e):
 * the one the handler computes from the stream it decides on equals the one answered from the read models, so a form
 * just read is never refused; every field the PUT writes moves it.
 */
const M = 'm-1';
const COOP = 'coop-1';
const recorded = (data: Partial<Extract<MemberEvent, { type: 'ChurchDataRecorded' }>['data']>): MemberEvent =>
  ({
    type: 'ChurchDataRecorded',
    data: {
      memberId: M,
      churchId: 'rk',
      churchTaxRate: '9',
      queriedOn: '2025-08-31',
      queryKind: 'regular',
      taskId: 't-1',
      ...data,
    },
  }) as MemberEvent;

describe('the church data’s tag', () => {
  const fromStream = (events: MemberEvent[], master: { churchId: string | null; churchTaxRate: string | null }) =>
    churchDataTagOfStream(M, COOP, master, events.reduce<ChurchDataOrigin>(evolveChurchDataOrigin, null));
  /** As ChurchTaxReads answers it: the member document's church and rate, the origin document read. */
  const fromReads = (master: { churchId: string | null; churchTaxRate: string | null }, origin: ChurchDataOrigin) => {
    const doc =
      origin === null ? undefined : readChurchTaxOrigin({ ...origin, id: M, cooperativeId: COOP, position: '7' });
    return churchDataTag({
      ...master,
      queriedOn: doc?.queriedOn ?? null,
      queryKind: doc?.queryKind ?? null,
      taskId: doc?.taskId ?? null,
    });
  };

  it('agrees between stream and read models: never queried, a KiStAM answer, a paper answer after it', () => {
    expect(fromStream([], { churchId: 'ev', churchTaxRate: '9' })).toBe(
      fromReads({ churchId: 'ev', churchTaxRate: '9' }, null),
    );
    const kistam = recorded({});
    expect(fromStream([kistam], { churchId: 'rk', churchTaxRate: '9' })).toBe(
      fromReads(
        { churchId: 'rk', churchTaxRate: '9' },
        { queriedOn: '2025-08-31', queryKind: 'regular', taskId: 't-1' },
      ),
    );
    const paper = recorded({
      churchId: null,
      churchTaxRate: null,
      queriedOn: '2025-09-01',
      queryKind: 'paper',
      taskId: null,
    });
    expect(fromStream([kistam, paper], { churchId: null, churchTaxRate: null })).toBe(
      fromReads({ churchId: null, churchTaxRate: null }, { queriedOn: '2025-09-01', queryKind: 'paper', taskId: null }),
    );
    expect(fromStream([], { churchId: ' ev ', churchTaxRate: '' })).toBe(
      fromReads({ churchId: 'ev', churchTaxRate: null }, null),
    );
  });

  it('moves with every field the PUT writes', () => {
    const base = { churchId: 'rk', churchTaxRate: '9', queriedOn: '2025-08-31', queryKind: 'regular', taskId: 't-1' };
    const tags = [
      base,
      { ...base, churchId: 'ev' },
      { ...base, churchTaxRate: '8' },
      { ...base, queriedOn: '2025-09-01' },
      { ...base, queryKind: 'paper' },
      { ...base, taskId: null },
    ].map(churchDataTag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags[0]).toMatch(/^[0-9a-f]{16}$/);
  });
});
