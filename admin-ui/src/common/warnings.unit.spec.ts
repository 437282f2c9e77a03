import { afterEach, describe, expect, it } from '@jest/globals';
import { HttpError } from 'react-admin';
import { dataProvider } from '../data/dataProvider.js';
import { apiWarnings, registerWarningsAsker, type WarningsQuestion } from './warnings.js';

const WARNING = { field: 'entryDate', template: 'dateInFuture', parameters: { '0': '2099-01-01' } } as const;
const realFetch = globalThis.fetch;

/** A fetch answering `answers` in turn, recording each request's body. */
function answering(answers: readonly { status: number; body: unknown }[]): unknown[] {
  const bodies: unknown[] = [];
  let i = 0;
  globalThis.fetch = (async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body ?? 'null')));
    const { status, body } = answers[Math.min(i++, answers.length - 1)]!;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return bodies;
}

describe('plausibility warnings in the console', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => {
    globalThis.fetch = realFetch;
    unregister?.();
  });

  it('reads the warnings of a 409 answer, and nothing of another failure', () => {
    expect(apiWarnings(new HttpError('x', 409, { warnings: [WARNING] }))).toEqual([WARNING]);
    expect(apiWarnings(new HttpError('x', 409, { message: 'Conflict' }))).toBeNull();
    expect(apiWarnings(new HttpError('x', 400, { warnings: [WARNING] }))).toBeNull();
  });

  it('asks the clerk and sends the write again confirmed', async () => {
    const asked: WarningsQuestion[] = [];
    unregister = registerWarningsAsker(async (q) => (asked.push(q), true));
    const bodies = answering([
      { status: 409, body: { warnings: [WARNING] } },
      { status: 201, body: { id: 'm-1', name: 'Morgen' } },
    ]);
    const { data } = await dataProvider.create('members', {
      data: { name: 'Morgen', entryDate: '2099-01-01', id: 'ignored' },
    });
    expect(data).toEqual({ id: 'm-1', name: 'Morgen' });
    expect(asked).toEqual([{ resource: 'members', warnings: [WARNING] }]);
    expect(bodies).toEqual([
      { name: 'Morgen', entryDate: '2099-01-01' },
      { name: 'Morgen', entryDate: '2099-01-01', confirmWarnings: true },
    ]);
  });

  it('sends nothing more when the clerk does not confirm, and says it was not saved', async () => {
    unregister = registerWarningsAsker(async () => false);
    const bodies = answering([{ status: 409, body: { warnings: [WARNING] } }]);
    await expect(
      dataProvider.update('members', { id: 'm-1', data: { name: 'Morgen' }, previousData: { id: 'm-1' } }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Not saved: the warnings were not confirmed.',
    });
    expect(bodies).toHaveLength(1);
  });

  it("refuses without a dialog to ask (nothing is confirmed behind the clerk's back)", async () => {
    const bodies = answering([{ status: 409, body: { warnings: [WARNING] } }]);
    await expect(dataProvider.create('balances', { data: { member: 'm-1', type: 1 } })).rejects.toMatchObject({
      status: 409,
    });
    expect(bodies).toHaveLength(1);
  });
});
