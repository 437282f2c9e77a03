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

  it('seals a batch of many subjects with their keys made in one call of the key store, and opens it back', async () => {
    const ids = [newUserId(), newUserId(), newUserId()];
    const calls: string[][] = [];
    const many = keys.getOrCreateMany.bind(keys);
    const counting = Object.assign(Object.create(keys) as SqliteKeyStore, {
      getOrCreateMany: async (subjects: readonly string[]) => {
        calls.push([...subjects]);
        return many(subjects);
      },
      getOrCreate: async () => {
        throw new Error('one subject at a time');
      },
    });
    const batch = new PersonalDataCipher(counting, areas.personalData);
    const sealed = await batch.sealAll([
      ...ids.map((id) => ({ type: 'UserCreated', data: userCreated(id) })),
      { type: 'ElmaNumberAdded', data: { id: 'e1' } },
    ]);
    expect(calls).toEqual([ids.map((id) => `user-${id}`)]);
    for (const [i, id] of ids.entries()) {
      expect((sealed[i] as SealedData)._personal.subject).toBe(`user-${id}`);
      expect((await cipher.open(sealed[i]!)).data).toEqual(userCreated(id));
    }
  });

  it('opens a batch alike with a key store that finds one subject at a time (no findMany)', async () => {
    const kept = newUserId();
    const erased = newUserId();
    const sealed = [
      await cipher.seal('UserCreated', userCreated(kept)),
      await cipher.seal('UserCreated', userCreated(erased)),
      { id: 'plain' },
    ];
    await keys.erase(`user-${erased}`);
    const oneByOne = Object.assign(Object.create(keys) as SqliteKeyStore, { findMany: undefined });
    const opened = await new PersonalDataCipher(oneByOne, areas.personalData).openAll(sealed);
    expect(opened).toEqual(await cipher.openAll(sealed));
    expect(opened[0]).toEqual({ data: userCreated(kept) });
    expect(opened[1]!.erased).toEqual(['username', 'passwordHash']);
    expect(opened[2]).toEqual({ data: { id: 'plain' } });
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

  it('makes a key of its own for each of more new subjects than are drawn at a time, and keeps the ones it has', async () => {
    const known = await keys.getOrCreate('member-known');
    const subjects = ['member-known', ...Array.from({ length: 2500 }, (_, i) => `member-${i}`)];
    const made = await keys.getOrCreateMany(subjects);
    expect(made.get('member-known')).toEqual(known);
    expect(new Set([...made.values()].map((k) => k.toString('hex'))).size).toBe(2501);
    for (const subject of ['member-0', 'member-1023', 'member-1024', 'member-2499'])
      expect(await keys.find(subject)).toEqual(made.get(subject));
  });

  it('never hands out an IV twice, also when a batch seals more events than the nonces drawn at a time', async () => {
    const userId = newUserId();
    const events = Array.from({ length: 2500 }, () => ({ type: 'UserRenamed', data: { userId, username: USERNAME } }));
    const sealed = (await cipher.sealAll(events)) as SealedData[];
    const ivs = new Set(sealed.map((s) => s._personal.iv));
    expect(ivs.size).toBe(2500);
    for (const s of sealed.slice(1020, 1030))
      expect(await cipher.open(s)).toEqual({ data: { userId, username: USERNAME } });
  });

  it('leaves events without personal data untouched', async () => {
    const data = { cooperativeId: 'coop-1', changes: { city: 'Berlin' } };
    expect(await cipher.seal('CooperativeUpdated', data)).toBe(data);
    expect(await cipher.open(data)).toEqual({ data });
  });

  it('seals the cooperative contact under its own subject', async () => {
    const data = {
      cooperativeId: 'coop-7',
      name: 'Bäckerei eG',
      contactPerson: 'Erika Mustermann',
      email: 'erika@example.de',
    };
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
    // The old data names the key that sealed it: it reads as erased under the new key, never as garbage.
    expect(await cipher.open(old)).toEqual({ data: { userId, username: null }, erased: ['username'] });
  });

  it('data sealed before key ids existed meets a new key: GCM refuses it', async () => {
    const userId = newUserId();
    const old = (await cipher.seal('UserRenamed', { userId, username: 'old-name' })) as SealedData;
    const { kid: _kid, ...withoutKid } = old._personal as SealedData['_personal'] & { kid?: string };
    await keys.erase(`user-${userId}`);
    await cipher.seal('UserRenamed', { userId, username: 'new-name' });
    await expect(cipher.open({ ...old, _personal: withoutKid })).rejects.toThrow();
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
      const swapped = {
        ...b,
        _personal: { ...b._personal, ciphertext: a._personal.ciphertext, iv: a._personal.iv, tag: a._personal.tag },
      };
      await expect(cipher.open(swapped)).rejects.toThrow();
    });
  });

  describe('church data under a key of its own (decision 101)', () => {
    let m = 0;
    const newMemberId = (): string => `m-${++m}-${Date.now()}`;
    const admitted = (memberId: string) => ({
      memberId,
      cooperativeId: 'coop-1',
      memberNr: 7,
      name: 'Kirchner',
      givenName: 'Klara',
      iban: 'DE02120300000000202051',
      churchId: 'ev',
      churchTaxRate: '9',
      kiSt: 'ev',
      kiStSatz: '9',
      entryDate: '2020-01-01',
    });
    const church = { churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null };

    it('seals the church fields of the master data under member-church-<id>, the rest under member-<id>', async () => {
      const memberId = newMemberId();
      const sealed = (await cipher.seal('MemberAdmitted', admitted(memberId))) as {
        _personal: { subject: string; fields: string[] }[];
      };
      expect(JSON.stringify(sealed)).not.toContain('Kirchner');
      expect(JSON.stringify(sealed)).not.toContain('"ev"');
      expect(sealed._personal.map((g) => [g.subject, g.fields])).toEqual([
        [`member-${memberId}`, ['name', 'givenName', 'iban']],
        [`member-church-${memberId}`, ['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz']],
      ]);
      expect((await cipher.open(sealed)).data).toEqual(admitted(memberId));
    });

    it('deleting the church key erases the church fields only; the other personal data still reads', async () => {
      const memberId = newMemberId();
      const sealedAdmitted = await cipher.seal('MemberAdmitted', admitted(memberId));
      const sealedAnswer = await cipher.seal('ChurchDataRecorded', {
        memberId,
        churchId: 'rk',
        churchTaxRate: '8',
        queriedOn: '2024-08-31',
        queryKind: 'regular',
        taskId: 't-1',
      });
      await keys.erase(`member-church-${memberId}`);
      expect(await cipher.open(sealedAdmitted)).toEqual({
        data: { ...admitted(memberId), ...church },
        erased: ['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz'],
      });
      expect(await cipher.open(sealedAnswer)).toEqual({
        data: {
          memberId,
          queriedOn: '2024-08-31',
          queryKind: 'regular',
          taskId: 't-1',
          churchId: null,
          churchTaxRate: null,
        },
        erased: ['churchId', 'churchTaxRate'],
      });
      expect(await keys.find(`member-${memberId}`)).toBeDefined();
    });

    it('a later answer makes a new church key: it reads, the earlier church data stays erased', async () => {
      const memberId = newMemberId();
      const before = await cipher.seal('ChurchDataRecorded', {
        memberId,
        churchId: 'rk',
        churchTaxRate: '8',
        queriedOn: '2024-08-31',
        queryKind: 'regular',
        taskId: null,
      });
      await keys.erase(`member-church-${memberId}`);
      const after = await cipher.seal('ChurchDataRecorded', {
        memberId,
        churchId: 'ev',
        churchTaxRate: '9',
        queriedOn: '2025-08-31',
        queryKind: 'regular',
        taskId: null,
      });
      expect(await cipher.openAll([before, after])).toEqual([
        {
          data: {
            memberId,
            queriedOn: '2024-08-31',
            queryKind: 'regular',
            taskId: null,
            churchId: null,
            churchTaxRate: null,
          },
          erased: ['churchId', 'churchTaxRate'],
        },
        {
          data: {
            memberId,
            queriedOn: '2025-08-31',
            queryKind: 'regular',
            taskId: null,
            churchId: 'ev',
            churchTaxRate: '9',
          },
        },
      ]);
    });

    it('an event sealed under the member key alone (before decision 101) still reads, and goes with the member key', async () => {
      const memberId = newMemberId();
      const oldRules = {
        MemberAdmitted: {
          subject: (d: Record<string, unknown>) => `member-${String(d.memberId)}`,
          fields: [...Object.keys(admitted(memberId))].filter(
            (f) => !['memberId', 'cooperativeId', 'memberNr', 'entryDate'].includes(f),
          ),
        },
      };
      const old = (await new PersonalDataCipher(keys, oldRules).seal('MemberAdmitted', admitted(memberId))) as {
        _personal: { subject: string };
      };
      expect(old._personal.subject).toBe(`member-${memberId}`);
      expect((await cipher.open(old)).data).toEqual(admitted(memberId));
      await keys.erase(`member-church-${memberId}`);
      expect((await cipher.open(old)).data).toEqual(admitted(memberId));
      await keys.erase(`member-${memberId}`);
      expect((await cipher.open(old)).data).toMatchObject({ name: null, churchId: null, memberNr: 7 });
    });

    it("seals a payout's church id and rate under the member key; an older payout's plain rate reads as before", async () => {
      const memberId = newMemberId();
      const paid = { dividendId: 'd-1', memberId, churchId: 'ev', churchRate: '0.09', churchTax: 120 };
      const sealed = (await cipher.seal('DividendMemberPaid', paid)) as {
        _personal: { subject: string; fields: string[] };
      };
      expect(sealed._personal).toMatchObject({ subject: `member-${memberId}`, fields: ['churchId', 'churchRate'] });
      expect(sealed).not.toHaveProperty('churchRate');
      await keys.erase(`member-church-${memberId}`);
      expect((await cipher.open(sealed)).data).toEqual(paid);
      const oldPaid = await new PersonalDataCipher(keys, {
        DividendMemberPaid: { subject: () => `member-${memberId}`, fields: ['churchId'] },
      }).seal('DividendMemberPaid', paid);
      expect((await cipher.open(oldPaid)).data).toEqual(paid);
    });
  });
});
