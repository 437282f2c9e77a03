import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { areas } from '../../areas.js';
import { SqliteKeyStore } from '../key-store/sqlite-key-store.js';
import { PersonalDataCipher } from './personal-data.js';

const USERNAME = 'anna.schmidt';
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$c2VjcmV0aGFzaA';

const userCreated = (userId: string) => ({
  userId,
  cooperativeId: 'coop-1',
  username: USERNAME,
  passwordHash: HASH,
  roles: ['ROLE_USER'],
});

interface SealedData {
  readonly _personal: { subject: string; iv: string; tag: string; ciphertext: string; fields: string[] };
  readonly [field: string]: unknown;
}

describe('PersonalDataCipher with SqliteKeyStore', () => {
  let dir: string;
  let keys: SqliteKeyStore;
  let cipher: PersonalDataCipher;
  let n = 0;
  const newUserId = (): string => `u-${++n}`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'coop-personal-data-'));
    keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
    // The rules the product's areas register (services/src/areas.ts).
    cipher = new PersonalDataCipher(keys, areas.personalData);
  });
  afterAll(async () => {
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes the personal fields from the stored data', async () => {
    const userId = newUserId();
    const sealed = (await cipher.seal('UserCreated', userCreated(userId))) as SealedData;
    const json = JSON.stringify(sealed);
    expect(json).not.toContain(USERNAME);
    expect(json).not.toContain(HASH);
    expect(json).not.toContain('argon2');
    expect(sealed).not.toHaveProperty('username');
    expect(sealed).not.toHaveProperty('passwordHash');
    expect(sealed).toMatchObject({ userId, cooperativeId: 'coop-1', roles: ['ROLE_USER'] });
    expect(sealed._personal.subject).toBe(`user-${userId}`);
    expect(sealed._personal.fields).toEqual(['username', 'passwordHash']);
    expect(Buffer.from(sealed._personal.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed._personal.tag, 'base64')).toHaveLength(16);
  });

  it('creates the subject key on first seal', async () => {
    const userId = newUserId();
    expect(await keys.find(`user-${userId}`)).toBeUndefined();
    await cipher.seal('UserRenamed', { userId, username: USERNAME });
    expect(await keys.find(`user-${userId}`)).toHaveLength(32);
  });

  it('opens sealed data back to the original', async () => {
    const userId = newUserId();
    const original = userCreated(userId);
    const opened = await cipher.open(await cipher.seal('UserCreated', original));
    expect(opened).toEqual({ data: original });
    expect(opened.erased).toBeUndefined();
  });

  it('uses a fresh IV every time, so equal data never gives equal ciphertext', async () => {
    const userId = newUserId();
    const a = (await cipher.seal('UserRenamed', { userId, username: USERNAME })) as SealedData;
    const b = (await cipher.seal('UserRenamed', { userId, username: USERNAME })) as SealedData;
    expect(a._personal.iv).not.toBe(b._personal.iv);
    expect(a._personal.ciphertext).not.toBe(b._personal.ciphertext);
  });

  it('leaves events without personal data untouched', async () => {
    const data = { cooperativeId: 'coop-1', changes: { city: 'Berlin' } };
    expect(await cipher.seal('CooperativeUpdated', data)).toBe(data);
    expect(await cipher.open(data)).toEqual({ data });
  });

  it('seals the cooperative contact under its own subject', async () => {
    const data = { cooperativeId: 'coop-7', name: 'Bäckerei eG', contactPerson: 'Erika Mustermann', email: 'erika@example.de' };
    const sealed = (await cipher.seal('CooperativeRegistered', data)) as SealedData;
    expect(JSON.stringify(sealed)).not.toContain('Erika');
    expect(sealed._personal.subject).toBe('cooperative-contact-coop-7');
    expect(sealed.name).toBe('Bäckerei eG');
    expect((await cipher.open(sealed)).data).toEqual(data);
  });

  it('after erasing the subject key, opens personal fields as null, lists them in erased and keeps the rest', async () => {
    const userId = newUserId();
    const sealedCreated = await cipher.seal('UserCreated', userCreated(userId));
    const sealedRenamed = await cipher.seal('UserRenamed', { userId, username: 'anna.meier' });
    await keys.erase(`user-${userId}`);

    expect(await cipher.open(sealedCreated)).toEqual({
      data: { userId, cooperativeId: 'coop-1', roles: ['ROLE_USER'], username: null, passwordHash: null },
      erased: ['username', 'passwordHash'],
    });
    expect(await cipher.open(sealedRenamed)).toEqual({ data: { userId, username: null }, erased: ['username'] });
  });

  it('erasing one subject leaves the others readable', async () => {
    const erasedId = newUserId();
    const keptId = newUserId();
    const kept = await cipher.seal('UserCreated', userCreated(keptId));
    await cipher.seal('UserCreated', userCreated(erasedId));
    await keys.erase(`user-${erasedId}`);
    expect(await cipher.open(kept)).toEqual({ data: userCreated(keptId) });
  });

  it('after erasure a new seal gets a new key, and the old data stays unreadable', async () => {
    const userId = newUserId();
    const old = await cipher.seal('UserRenamed', { userId, username: 'old-name' });
    const oldKey = await keys.find(`user-${userId}`);
    await keys.erase(`user-${userId}`);
    const fresh = await cipher.seal('UserRenamed', { userId, username: 'new-name' });
    expect((await keys.find(`user-${userId}`))!.equals(oldKey!)).toBe(false);
    expect((await cipher.open(fresh)).data).toEqual({ userId, username: 'new-name' });
    // The old ciphertext now meets the new key: GCM refuses it instead of yielding garbage.
    await expect(cipher.open(old)).rejects.toThrow();
  });

  describe('tampering (GCM authentication)', () => {
    const flip = (base64: string): string => {
      const bytes = Buffer.from(base64, 'base64');
      bytes[0] = bytes[0]! ^ 0x01;
      return bytes.toString('base64');
    };

    it.each(['ciphertext', 'tag', 'iv'] as const)('refuses data whose %s was changed', async (part) => {
      const userId = newUserId();
      const sealed = (await cipher.seal('UserCreated', userCreated(userId))) as SealedData;
      const tampered = { ...sealed, _personal: { ...sealed._personal, [part]: flip(sealed._personal[part]) } };
      await expect(cipher.open(tampered)).rejects.toThrow(/authenticate/);
      // the untouched original still opens
      expect((await cipher.open(sealed)).data).toEqual(userCreated(userId));
    });

    it("refuses ciphertext moved to another subject's event", async () => {
      const a = (await cipher.seal('UserRenamed', { userId: newUserId(), username: 'a' })) as SealedData;
      const b = (await cipher.seal('UserRenamed', { userId: newUserId(), username: 'b' })) as SealedData;
      const swapped = { ...b, _personal: { ...b._personal, ciphertext: a._personal.ciphertext, iv: a._personal.iv, tag: a._personal.tag } };
      await expect(cipher.open(swapped)).rejects.toThrow();
    });
  });
});
