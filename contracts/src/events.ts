/** A domain event as a decider produces it: a plain, readonly `{ type, data }` object. */
export interface DomainEvent<Type extends string = string, Data extends object = object> {
  readonly type: Type;
  readonly data: Data;
}

/** Metadata written with every event. Timestamps are UTC ISO 8601. */
export interface EventMetadata {
  readonly cooperativeId: string;
  readonly user: string;
  readonly timestamp: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** Version of the event's data schema; old versions are upcast on read. */
  readonly schemaVersion: number;
}

interface RecordedEnvelope {
  readonly streamId: string;
  /** 0-based position of the event inside its stream. */
  readonly revision: number;
  /** Position in the global log; strictly increasing, never reused. */
  readonly position: bigint;
  readonly metadata: EventMetadata;
  /** Names of personal-data fields that could not be decrypted because the data subject was erased. */
  readonly erased?: readonly string[];
}

/** An event as the store hands it back. Distributes over a union, so `switch (event.type)` narrows `data`. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? RecordedEnvelope & { readonly type: E['type']; readonly data: E['data'] }
  : never;

/** An event ready to be appended: the domain event plus its metadata. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? { readonly type: E['type']; readonly data: E['data']; readonly metadata: EventMetadata }
  : never;
