import { describe, expect, it } from '@jest/globals';
import type { ChurchDataRecorded, RecordedEvent } from '@coop/contracts';
import { churchTaxProjector } from '@coop/projections';
import { CHURCH_TAX } from '@coop/projections/church-tax';
import { isChurchDataField, withoutChurchData } from '../kernel/church-data.js';

describe('church data kept from callers without church:read (kernel/church-data.ts)', () => {
  it('answers null in every church field present and leaves the others', () => {
    const member = {
      id: 'm-1',
      name: 'Kirch',
      churchId: 'rk',
      churchTaxRate: '9',
      kiSt: 'x',
      kiStSatz: '9',
      churchTax: 123,
    };
    expect(withoutChurchData(member)).toEqual({
      id: 'm-1',
      name: 'Kirch',
      churchId: null,
      churchTaxRate: null,
      kiSt: null,
      kiStSatz: null,
      churchTax: 123,
    });
    expect(withoutChurchData({ churchName: 'Bistum', churchRate: '8', amount: 1 })).toEqual({
      churchName: null,
      churchRate: null,
      amount: 1,
    });
    expect(withoutChurchData({ name: 'x' })).toEqual({ name: 'x' });
    expect(member.churchId).toBe('rk');
  });

  it('names the church fields of the history', () => {
    expect(['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz'].every(isChurchDataField)).toBe(true);
    expect(isChurchDataField('name')).toBe(false);
    expect(isChurchDataField('churchTax')).toBe(false);
  });
});

describe('the church_tax projector', () => {
  const event = (churchId: string | null): RecordedEvent<ChurchDataRecorded> =>
    ({
      type: 'ChurchDataRecorded',
      data: {
        memberId: 'm-1',
        churchId,
        churchTaxRate: churchId ? '9' : null,
        queriedOn: '2025-08-31',
        queryKind: 'regular',
        taskId: 't-1',
      },
      streamId: 'member-m-1',
      revision: 3,
      position: 42n,
      metadata: {
        cooperativeId: 'c-1',
        user: 'admin',
        timestamp: '2025-10-01T10:00:00.000Z',
        correlationId: 'x',
        causationId: 'x',
        schemaVersion: 1,
      },
    }) as unknown as RecordedEvent<ChurchDataRecorded>;

  it("records where the member's church data comes from, never the church itself", () => {
    expect(churchTaxProjector.keys(event('rk'))).toEqual([{ collection: CHURCH_TAX.name, id: 'm-1' }]);
    expect(churchTaxProjector.project(event('rk'), () => undefined)).toEqual([
      {
        kind: 'put',
        collection: CHURCH_TAX.name,
        doc: {
          id: 'm-1',
          cooperativeId: 'c-1',
          memberId: 'm-1',
          queriedOn: '2025-08-31',
          queryKind: 'regular',
          taskId: 't-1',
          position: '42',
        },
      },
    ]);
  });

  it('ignores other events', () => {
    const other = { ...event('rk'), type: 'MemberDataChanged' } as unknown as RecordedEvent;
    expect(churchTaxProjector.keys(other)).toEqual([]);
    expect(churchTaxProjector.project(other, () => undefined)).toEqual([]);
  });
});
