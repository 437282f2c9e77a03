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
    const key = await this.keys.getOrCreate(subject);
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

  /** The event's data with personal fields restored, or set to null and listed in `erased` when the key is gone. */
  async open(data: object): Promise<{ data: object; erased?: string[] }> {
    const record = data as Record<string, unknown>;
    const sealed = record[SEALED] as Sealed | undefined;
    if (!sealed) return { data };
    const { [SEALED]: _omit, ...rest } = record;
    const key = await this.keys.find(sealed.subject);
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
