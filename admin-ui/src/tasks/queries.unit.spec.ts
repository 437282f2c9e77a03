import { afterEach, describe, expect, it } from '@jest/globals';
import { uploadKistamAnswer } from './queries.js';

/*
 * The KiStAM answer is uploaded as the file's own bytes (DOMAIN.md 9.2: a voucher once taken in is kept unaltered). The
 * console read it as UTF-8 text and sent that: a Latin-1 download of the BZSt online portal (a cooperative's name with
 * an umlaut in record 2) was kept with U+FFFD in its place, and the server's Latin-1 reading was never reached.
 */
const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the upload of a KiStAM answer', () => {
  it('sends the bytes of the file as they are, as text/csv', async () => {
    const sent: { bytes: number[]; type: string | null }[] = [];
    globalThis.fetch = (async (_url: unknown, init?: RequestInit) => {
      const bytes = new Uint8Array(await new Response(init?.body ?? null).arrayBuffer());
      sent.push({ bytes: [...bytes], type: new Headers(init?.headers).get('Content-Type') });
      return new Response(JSON.stringify({ id: 't-1' }), { status: 201 });
    }) as typeof fetch;
    // `2;…;Genossenschaft München` in Latin-1: 0xFC is `ü`, no UTF-8.
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('2;40012345678;M'),
      0xfc,
      ...new TextEncoder().encode('nchen\r\n'),
    ]);
    await uploadKistamAnswer('t-1', new Blob([latin1]));
    expect(sent).toEqual([{ bytes: [...latin1], type: 'text/csv' }]);
  });
});
