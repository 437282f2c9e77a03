/**
 * The read models' file after the clean-up blanked a member (issue 27; a data-protection probe): SQLite kept the bytes of
 * a row written over or removed in its page, and a document's overflow pages on the free list, so the erased name, street
 * and IBAN stayed readable in `read-models.sqlite` (decision 395 made the key store overwrite them). The read store
 * writes with `secure_delete` on.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionSpec, ReadDocument, WriteOp } from '@coop/contracts';
import { SqliteReadStore } from './sqlite-read-store.js';

const MEMBERS: CollectionSpec = {
  name: 'test_people',
  fields: { name: 'string', memberNr: 'number' },
  search: ['name', 'street'],
  textOrder: 'name',
};
const ERASED = ['Quellbrunner', 'Zacharias', 'Wiesengrundweg', 'DE02120300000000202051'];

/** A member-like document: the personal fields, and postings enough to spill onto overflow pages when `long`. */
function person(id: string, memberNr: number, personal: boolean, long: boolean): ReadDocument {
  return {
    id,
    cooperativeId: 'c',
    position: String(memberNr),
    memberNr,
    name: personal ? `${ERASED[0]} ${memberNr}` : '',
    givenName: personal ? ERASED[1] : null,
    street: personal ? `${ERASED[2]} ${memberNr}` : null,
    iban: personal ? ERASED[3] : null,
    postings: Array.from({ length: long ? 150 : 1 }, (_, i) => ({
      d: '2014-12-31',
      a: i,
      holder: personal ? ERASED[0] : '',
    })),
  };
}
const put = (doc: ReadDocument): WriteOp => ({ kind: 'put', collection: MEMBERS.name, doc });

describe('the read models file after an erasure', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'erased-bytes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds no byte of a value written over or removed, in the row, its overflow or its search text', async () => {
    const file = join(dir, 'read-models.sqlite');
    const store = new SqliteReadStore(file);
    await store.ensureCollections([MEMBERS]);
    const others = Array.from({ length: 40 }, (_, i) => put(person(`o${i}`, 100 + i, false, i % 3 === 0)));
    await store.applyBatch(
      [
        ...others,
        put(person('short', 1, true, false)),
        put(person('long', 2, true, true)),
        put(person('gone', 3, true, true)),
      ],
      { name: 'members', position: 1n },
    );
    // The clean-up's blanking (the projectors put the document again with fixed values), and a document removed.
    await store.applyBatch(
      [
        put(person('short', 1, false, false)),
        put(person('long', 2, false, true)),
        { kind: 'delete', collection: MEMBERS.name, id: 'gone' },
      ],
      { name: 'members', position: 2n },
    );
    expect((await store.get(MEMBERS.name, 'long'))?.name).toBe('');
    await store.close();
    const bytes = readFileSync(file);
    // The search text is stored in its normal form (lower case): looked for as well.
    const found = [...ERASED, ...ERASED.map((v) => v.toLowerCase())].filter((value) => bytes.includes(value));
    expect(found).toEqual([]);
  });
});
