import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyStore } from '@coop/contracts';

/** Which fields of an event type are personal, and whose they are. */
export interface PersonalDataRule {
  /** The data subject (e.g. `user-<id>`, `member-<id>`) whose key encrypts the fields. */
  subject(data: Record<string, unknown>): string;
  readonly fields: readonly string[];
}

export type PersonalDataRules = Readonly<Record<string, PersonalDataRule>>;

interface Sealed {
  readonly subject: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
  readonly fields: readonly string[];
}

const SEALED = '_personal';

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
    const key = once((subject) => this.keys.getOrCreate(subject));
    const out: object[] = [];
    for (const e of events) out.push(this.rules[e.type] ? await this.sealWith(e.type, e.data, key) : e.data);
    return out;
  }

  /** The event's data with personal fields restored, or set to null and listed in `erased` when the key is gone. */
  async open(data: object): Promise<Opened> {
    return this.openWith(data, (subject) => this.keys.find(subject));
  }

  /**
   * Opens the data of a batch of events read together; each subject's key is looked up once for
   * the batch. Data without personal fields comes back as it is.
   */
  async openAll(datas: readonly object[]): Promise<Opened[]> {
    const key = once((subject) => this.keys.find(subject));
    const out: Opened[] = [];
    for (const data of datas) out.push(SEALED in data ? await this.openWith(data, key) : { data });
    return out;
  }

  private async sealWith(type: string, data: object, keyFor: (subject: string) => Promise<Buffer>): Promise<object> {
    const rule = this.rules[type];
    if (!rule) return data;
    const record = data as Record<string, unknown>;
    const subject = rule.subject(record);
    const personal: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) {
      if (rule.fields.includes(k)) personal[k] = v;
      else rest[k] = v;
    }
    const key = await keyFor(subject);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(personal), 'utf8'), cipher.final()]);
    const sealed: Sealed = {
      subject,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      fields: Object.keys(personal),
    };
    return { ...rest, [SEALED]: sealed };
  }

  private async openWith(data: object, keyFor: (subject: string) => Promise<Buffer | undefined>): Promise<Opened> {
    const record = data as Record<string, unknown>;
    const sealed = record[SEALED] as Sealed | undefined;
    if (!sealed) return { data };
    const { [SEALED]: _omit, ...rest } = record;
    const key = await keyFor(sealed.subject);
    if (!key) {
      const blanked: Record<string, unknown> = { ...rest };
      for (const f of sealed.fields) blanked[f] = null;
      return { data: blanked, erased: [...sealed.fields] };
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
    return { data: { ...rest, ...(JSON.parse(plain.toString('utf8')) as Record<string, unknown>) } };
  }
}
