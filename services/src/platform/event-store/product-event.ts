import type { EventMetadata } from '@coop/contracts';

/**
 * Recognizes this product's events in a shared event log (issue 30). An event is this product's when its data is a
 * JSON object and its metadata a JSON object holding every field the product writes (EventMetadata: `cooperativeId`,
 * `user`, `timestamp`, `correlationId` and `causationId` as text, `schemaVersion` a whole number, which KurrentDB keeps
 * as text). Anything else (bytes that are not JSON, another application's metadata) is not projected: the adapter
 * skips it with a warning naming its position instead of failing the projections again and again.
 */

const TEXT_FIELDS = ['cooperativeId', 'user', 'timestamp', 'correlationId', 'causationId'] as const;

export type Recognized = { readonly data: object; readonly metadata: EventMetadata } | { readonly reason: string };

/** `data` and `metadata` as the client hands them over: parsed JSON, unparsable text, bytes, or nothing. */
export function recognizeProductEvent(data: unknown, metadata: unknown): Recognized {
  const parsedData = jsonObject(data);
  if (!parsedData) return { reason: 'its data is not a JSON object' };
  const parsedMetadata = jsonObject(metadata);
  if (!parsedMetadata) return { reason: 'its metadata is not a JSON object' };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsedMetadata)) {
    // Keys starting with `$` are the server's (e.g. `$correlationId` on events written by its projections).
    if (!key.startsWith('$')) out[key] = value;
  }
  for (const field of TEXT_FIELDS) {
    if (typeof out[field] !== 'string') return { reason: `its metadata has no ${field}` };
  }
  const version =
    typeof out.schemaVersion === 'string' && /^\d+$/.test(out.schemaVersion)
      ? Number(out.schemaVersion)
      : out.schemaVersion;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    return { reason: 'its metadata has no schemaVersion' };
  out.schemaVersion = version;
  return { data: parsedData, metadata: out as unknown as EventMetadata };
}

/**
 * The value as a JSON object (not an array): as the client parsed it, or parsed from bytes; undefined when it is none
 * (the client hands over the text of a JSON event that does not parse, and the bytes of a binary one).
 */
function jsonObject(value: unknown): Record<string, unknown> | undefined {
  let parsed: unknown = value;
  if (value instanceof Uint8Array) {
    try {
      parsed = JSON.parse(Buffer.from(value).toString('utf8'));
    } catch {
      return undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}
