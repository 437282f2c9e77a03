import {
  NotFoundError,
  type DomainEvent,
  type EventStore,
  type FieldChange,
  type RecordedEvent,
  type TaxPaperHistoryEntry,
} from '@coop/contracts';

/**
 * The audit history of one paper: the events of the member's paper stream that name `id` (`idField`),
 * each with the fields it set or changed (`from` the value before; a field recorded empty is left
 * out). A paper of another cooperative, or none, answers 404.
 */
export async function paperHistory(
  events: EventStore,
  streamId: string,
  idField: string,
  id: string,
  cooperativeId: string,
  entity: string,
): Promise<TaxPaperHistoryEntry[]> {
  const recorded = ((await events.readStream(streamId)) as RecordedEvent<DomainEvent>[]).filter(
    (e) => (e.data as Record<string, unknown>)[idField] === id,
  );
  const first = recorded[0];
  if (!first || (first.data as Record<string, unknown>).cooperativeId !== cooperativeId)
    throw new NotFoundError(entity, id);
  let fields: Record<string, unknown> = {};
  const skip = new Set([idField, 'memberId', 'cooperativeId']);
  return recorded.map((e) => {
    const changes: FieldChange[] = [];
    const next = { ...fields };
    for (const [field, to] of Object.entries(e.data as Record<string, unknown>)) {
      if (skip.has(field)) continue;
      const from = fields[field] ?? null;
      if (from !== null || (to ?? null) !== null) changes.push({ field, from, to: to ?? null });
      next[field] = to;
    }
    fields = next;
    return {
      position: e.position.toString(),
      revision: e.revision,
      type: e.type,
      timestamp: e.metadata.timestamp,
      user: e.metadata.user,
      changes,
    };
  });
}
