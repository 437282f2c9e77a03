import { describe, expect, it } from '@jest/globals';
import { CSV_HEAD_BYTES, headOf } from './file-head.js';

const file = (bytes: Uint8Array) => ({ name: 'mitglieder.csv', bytes });
const line = 'Mitgliedsnummer;Name;Ort\n';

describe('the head of a file the command-line import guesses the mapping from', () => {
  it('cuts a large UTF-8 file after its last whole line within the head', () => {
    const text = line.repeat(Math.ceil((2 * CSV_HEAD_BYTES) / line.length));
    const head = headOf(file(new TextEncoder().encode(text))).bytes;
    expect(head.byteLength).toBeLessThanOrEqual(CSV_HEAD_BYTES);
    expect(new TextDecoder().decode(head).endsWith(line)).toBe(true);
  });

  it('keeps a UTF-16 file whole: a cut at a byte 0x0A would split a line break (0A 00) or a character (U+010A)', () => {
    // A review (stop 63): the head of a UTF-16LE file ended in half a line break, decoded as U+FFFD.
    const text = `Ċ${line}`.repeat(Math.ceil((2 * CSV_HEAD_BYTES) / (2 * line.length)));
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    expect(headOf(file(le)).bytes).toBe(le);
    expect(headOf(file(be)).bytes).toBe(be);
  });
});
