import { WRITABLE_FIELDS, type WritableResource } from '@coop/contracts/console';

/**
 * The fields the console sends per resource: the contracts' lists (`contracts/src/writable-fields.ts`). Read-only
 * fields of a record (id, createdAt, cooperative, …) are never sent back; a server error on a field outside the list
 * is shown as a general error, because no form shows it. Undefined for a resource without a list.
 */
export function writableFields(resource: string): readonly string[] | undefined {
  return Object.hasOwn(WRITABLE_FIELDS, resource) ? WRITABLE_FIELDS[resource as WritableResource] : undefined;
}

/** Keeps only the writable fields of a resource; an unknown resource sends its data as it is. */
export function writableBody(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = writableFields(resource);
  if (!fields) return data;
  const body: Record<string, unknown> = {};
  for (const field of fields) if (field in data) body[field] = data[field];
  return body;
}
