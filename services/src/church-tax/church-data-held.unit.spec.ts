import { describe, expect, it } from '@jest/globals';
import type { TaskEffect } from '../tasks/index.js';
import { churchDataOf, everHeldChurchData, holdsChurchData } from './domain/church-data-held.js';
import { nullAnswered } from './kistam/kistam.handler.js';

const admitted = {
  type: 'MemberAdmitted',
  data: { memberId: 'm-1', name: 'Fromm', churchId: 'rk', churchTaxRate: '8', kiSt: 'rk', kiStSatz: '8' },
};
const answer = (churchId: string | null, churchTaxRate: string | null) => ({
  type: 'ChurchDataRecorded',
  data: { memberId: 'm-1', churchId, churchTaxRate, queriedOn: '2025-08-31', queryKind: 'regular', taskId: null },
});
const posted = { type: 'SharesPosted', data: { memberId: 'm-1', amount: 25000 } };

describe('whether the member stream still holds church data (decision 101)', () => {
  it('given church data from the master data, then held', () => {
    expect(holdsChurchData([admitted, posted])).toBe(true);
  });

  it('given a null answer last, then none held: church id, rate and the old kiSt / kiStSatz all cleared', () => {
    expect(churchDataOf([admitted, answer(null, null), posted])).toEqual({
      churchId: null,
      churchTaxRate: null,
      kiSt: null,
      kiStSatz: null,
    });
    expect(holdsChurchData([admitted, answer(null, null)])).toBe(false);
  });

  it('given an answer with a church after the null answer, or church data typed in since, then held', () => {
    expect(holdsChurchData([admitted, answer(null, null), answer('ev', '9')])).toBe(true);
    expect(
      holdsChurchData([
        admitted,
        answer(null, null),
        { type: 'MemberDataChanged', data: { memberId: 'm-1', kiSt: 'ev' } },
      ]),
    ).toBe(true);
  });

  it('given a change that carries no church field after the null answer, then still none held; empty values count as none', () => {
    expect(
      holdsChurchData([
        admitted,
        answer(null, null),
        { type: 'MemberDataChanged', data: { memberId: 'm-1', city: 'Altdorf' } },
      ]),
    ).toBe(false);
    expect(
      holdsChurchData([
        {
          type: 'MemberAdmitted',
          data: { memberId: 'm-1', churchId: null, churchTaxRate: null, kiSt: '', kiStSatz: '' },
        },
      ]),
    ).toBe(false);
  });
});

describe('whether the stream ever read church data', () => {
  it('given church data once, then a null answer: yes; given only nulls: no', () => {
    expect(everHeldChurchData([admitted, answer(null, null)])).toBe(true);
    expect(
      everHeldChurchData([
        { type: 'MemberAdmitted', data: { memberId: 'm-1', churchId: null, kiSt: null } },
        answer(null, null),
        posted,
      ]),
    ).toBe(false);
  });
});

describe("the KiStAM task's null answers", () => {
  it('names the members whose answer recorded null, not those with a church', () => {
    const effects: TaskEffect[] = [
      {
        streamId: 'member-m-1',
        expected: 'stream_exists',
        events: [answer(null, null) as TaskEffect['events'][number]],
      },
      {
        streamId: 'member-m-2',
        expected: 'stream_exists',
        events: [
          {
            ...answer('ev', '9'),
            data: { ...answer('ev', '9').data, memberId: 'm-2' },
          } as TaskEffect['events'][number],
        ],
      },
    ];
    expect(nullAnswered(effects)).toEqual(['m-1']);
  });
});
