import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import type { KeyStore } from '@coop/contracts';
import { randomBlocks } from '../runtime/random-blocks.js';

/** Fields of an event sealed together under one data subject's key. */
export interface PersonalDataGroup {
  /** The data subject (e.g. `user-<id>`, `member-<id>`) whose key encrypts the fields. */
  subject(data: Record<string, unknown>): string;
  readonly fields: readonly string[];
}

/**
 * Which fields of an event type are personal, and whose they are. `apart` names fields sealed under a subject of their
 * own, whose key can be deleted earlier than the main one (a member's church data, decision 101); a field listed there
 * is sealed there, not under the main subject. A group of `apart` none of whose fields the event carries is left out
 * (no key is created for it); the main group is always sealed.
 */
export interface PersonalDataRule extends PersonalDataGroup {
  readonly apart?: readonly PersonalDataGroup[];
}

export type PersonalDataRules = Readonly<Record<string, PersonalDataRule>>;

interface Sealed {
  readonly subject: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
  readonly fields: readonly string[];
  /**
   * Which key sealed it (a fingerprint, not the key): a subject whose key was deleted and made again (church data after
   * a null answer and a later answer) opens its old events as erased instead of failing. Absent in data sealed before.
   */
  readonly kid?: string;
}

/** `_personal`: one sealed group, or several (one per subject) when an event's fields belong to more than one. */
const SEALED = '_personal';

/** Fingerprints worked out, by the key's buffer: a batch seals every event of a subject with the same buffer. */
const fingerprints = new WeakMap<Buffer, string>();

/**
 * A key's fingerprint: an HMAC of a fixed label, so it tells keys apart and reveals nothing of the key. Worked out once
 * per key buffer (an import's chunk seals thousands of events with one member's key; issue 39).
 */
function keyId(key: Buffer): string {
  let kid = fingerprints.get(key);
  if (kid === undefined) {
    kid = createHmac('sha256', key)
      .update('coop-ledger personal-data key id')
      .digest()
      .subarray(0, 12)
      .toString('base64');
    fingerprints.set(key, kid);
  }
  return kid;
}

/** The result of opening one event's data. */
export interface Opened {
  readonly data: object;
  readonly erased?: string[];
}

/** The event's data with its sealed personal fields left out (not opened): data without any comes back as it is. */
export function withoutPersonalData(data: object): object {
  if (!(SEALED in data)) return data;
  const { [SEALED]: _sealed, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** Looks a subject's key up at most once: the same lookup serves every event of one batch. */
function once<T>(lookup: (subject: string) => Promise<T>): (subject: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (subject) => {
    let key = seen.get(subject);
    if (!key) {
      key = lookup(subject);
      seen.set(subject, key);
    }
    return key;
  };
}

/**
 * Encrypts the personal fields of events with AES-256-GCM under the subject's own key
 * (crypto-shredding): deleting the key makes those fields unreadable for good while the rest
 * of the event stays.
 */
export class PersonalDataCipher {
  constructor(
    private readonly keys: KeyStore,
    private readonly rules: PersonalDataRules,
  ) {}

  async seal(type: string, data: object): Promise<object> {
    return this.sealWith(type, data, (subject) => this.keys.getOrCreate(subject));
  }

  /** Seals the data of a batch of events; each subject's key is fetched once for the batch. */
  async sealAll(events: readonly { readonly type: string; readonly data: object }[]): Promise<object[]> {
    const subjects = this.keys.getOrCreateMany ? this.subjectsOf(events) : [];
    // Many subjects (a large append): their keys fetched, the missing ones created, in one durable write of the key store.
    const many =
      subjects.length > 1 && this.keys.getOrCreateMany ? await this.keys.getOrCreateMany(subjects) : undefined;
    const key = once((subject) => {
      const known = many?.get(subject);
      return known ? Promise.resolve(known) : this.keys.getOrCreate(subject);
    });
    const out: object[] = [];
    for (const e of events) out.push(this.rules[e.type] ? await this.sealWith(e.type, e.data, key) : e.data);
    return out;
  }

  /** The subjects whose keys sealing these events takes: each rule's main subject, an `apart` group's only when the event carries one of its fields. */
  private subjectsOf(events: readonly { readonly type: string; readonly data: object }[]): string[] {
    const subjects = new Set<string>();
    for (const e of events) {
      const rule = this.rules[e.type];
      if (!rule) continue;
      const record = e.data as Record<string, unknown>;
      subjects.add(rule.subject(record));
      for (const group of rule.apart ?? [])
        if (group.fields.some((f) => Object.hasOwn(record, f))) subjects.add(group.subject(record));
    }
    return [...subjects];
  }

  /** The event's data with personal fields restored, or set to null and listed in `erased` when the key is gone. */
  async open(data: object): Promise<Opened> {
    return (await this.openAll([data]))[0]!;
  }

  /**
   * Opens the data of a batch of events read together. Each subject's key is looked up once for the batch, all at
   * once; then every event is opened without waiting again (issue 41: a rebuild opened each event after its own
   * await). Data without personal fields comes back as it is.
   */
  async openAll(datas: readonly object[]): Promise<Opened[]> {
    const subjects = new Set<string>();
    for (const data of datas) for (const sealed of sealedGroups(data)) subjects.add(sealed.subject);
    const keys = await this.findKeys([...subjects]);
    return datas.map((data) => (SEALED in data ? openWith(data, keys) : { data }));
  }

  /** The subjects' keys (absent: never made, or erased), in one look-up when the store can (issue 41). */
  private async findKeys(subjects: readonly string[]): Promise<ReadonlyMap<string, Buffer>> {
    if (this.keys.findMany) return this.keys.findMany(subjects);
    const keys = new Map<string, Buffer>();
    await Promise.all(
      subjects.map(async (subject) => {
        const key = await this.keys.find(subject);
        if (key) keys.set(subject, key);
      }),
    );
    return keys;
  }

  private async sealWith(type: string, data: object, keyFor: (subject: string) => Promise<Buffer>): Promise<object> {
    const rule = this.rules[type];
    if (!rule) return data;
    const record = data as Record<string, unknown>;
    const { groupOf, apart } = fieldsOf(rule);
    // Each field of the data to the rest or to its group's fields (0: the main subject, i: the rule's apart group i - 1),
    // in the data's own order: one pass, as a chunk of 100,000 admissions seals each of them.
    const rest: Record<string, unknown> = {};
    const personal: (Record<string, unknown> | undefined)[] = [{}];
    for (const k in record) {
      if (!Object.hasOwn(record, k)) continue;
      const group = groupOf.get(k);
      if (group === undefined) rest[k] = record[k];
      else (personal[group] ??= {})[k] = record[k];
    }
    const sealed: Sealed[] = [];
    const main = rule.subject(record);
    sealed.push(this.sealGroup(main, personal[0]!, await keyFor(main)));
    for (let i = 0; i < apart.length; i++) {
      const fields = personal[i + 1];
      if (fields === undefined) continue;
      const subject = apart[i]!.subject(record);
      sealed.push(this.sealGroup(subject, fields, await keyFor(subject)));
    }
    return { ...rest, [SEALED]: sealed.length === 1 ? sealed[0]! : sealed };
  }

  private sealGroup(subject: string, personal: Record<string, unknown>, key: Buffer): Sealed {
    const iv = nextNonce();
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(personal), 'utf8'), cipher.final()]);
    return {
      subject,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      fields: Object.keys(personal),
      kid: keyId(key),
    };
  }
}

/** GCM nonces, 1,024 drawn at a time (the cipher copies its nonce; none is handed out twice). */
const nextNonce = randomBlocks(12, 1024);

/** A rule's fields by the group they are sealed in (0: the main subject, i: `apart[i - 1]`), worked out once per rule. */
const ruleFields = new WeakMap<
  PersonalDataRule,
  { groupOf: Map<string, number>; apart: readonly PersonalDataGroup[] }
>();

function fieldsOf(rule: PersonalDataRule): { groupOf: Map<string, number>; apart: readonly PersonalDataGroup[] } {
  let known = ruleFields.get(rule);
  if (known === undefined) {
    const apart = rule.apart ?? [];
    const groupOf = new Map<string, number>();
    for (const f of rule.fields) groupOf.set(f, 0);
    // a field listed apart is sealed there, not under the main subject (the first group that lists it)
    for (let i = apart.length - 1; i >= 0; i--) for (const f of apart[i]!.fields) groupOf.set(f, i + 1);
    known = { groupOf, apart };
    ruleFields.set(rule, known);
  }
  return known;
}

/** The sealed groups of an event's data (none: no personal fields). */
function sealedGroups(data: object): readonly Sealed[] {
  const stored = (data as Record<string, unknown>)[SEALED] as Sealed | Sealed[] | undefined;
  if (!stored) return [];
  return Array.isArray(stored) ? stored : [stored];
}

/**
 * Opens one event's data with the batch's keys (absent: the subject's key is gone). A group sealed under another key
 * than the subject's present one (a later key, made after the one that sealed it was deleted) is erased: its
 * fingerprint (`kid`) tells. The fingerprint, an HMAC, is worked out only when the decryption fails: GCM authenticates
 * the data under the key, so a group that opens was sealed under this key (issue 41: one HMAC per subject was a fifth of
 * opening a rebuild's log).
 */
function openWith(data: object, keys: ReadonlyMap<string, Buffer>): Opened {
  const groups = sealedGroups(data);
  if (groups.length === 0) return { data };
  // Copied key by key: rest destructuring of an event's data (parsed JSON, many keys) took several times as long in V8.
  const record = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in record) if (k !== SEALED) out[k] = record[k];
  const erased: string[] = [];
  for (const sealed of groups) {
    const key = keys.get(sealed.subject);
    let plain: string | undefined;
    if (key) {
      try {
        plain = decrypt(key, sealed);
      } catch (error) {
        if (sealed.kid === undefined || sealed.kid === keyId(key)) throw error;
      }
    }
    if (plain === undefined) {
      for (const f of sealed.fields) out[f] = null;
      for (const f of sealed.fields) erased.push(f);
      continue;
    }
    Object.assign(out, JSON.parse(plain) as Record<string, unknown>);
  }
  return erased.length > 0 ? { data: out, erased } : { data: out };
}

/** A sealed group's plain text (JSON), its tag checked: throws when the key did not seal it. */
function decrypt(key: Buffer, sealed: Sealed): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return decipher.update(Buffer.from(sealed.ciphertext, 'base64'), undefined, 'utf8') + decipher.final('utf8');
}
