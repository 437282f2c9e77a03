import { createHash } from 'node:crypto';
import { fieldError, type ValidationTemplate } from '@coop/contracts';
import { ConflictingStateError } from './errors.js';

/*
 * The compare-and-set of a whole-record `PUT` (decisions 418, 420, 422-424): the record answers a tag of the fields the
 * `PUT` writes (`masterTag`), the form sends it back, and the handler refuses the write when the state it decides on
 * has another tag (a change made meanwhile, which the form would write over). Each area says which fields it tags and
 * how it reads them alike from its read model and its stream; the tag itself and the refusal are this file's.
 */

/** A version of `values`, not a secret: 16 hex digits of SHA-256 over their JSON. */
export function versionTag(values: unknown): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16);
}

/**
 * Refuses `409 template` when the form's tag `seen` is not `current()`, the tag of the state loaded for the decision;
 * `seen` null: the client sent none, not checked. Called inside the write's retry, after its load: a change landing
 * between the load and the append fails the append's revision, and decided again it is refused here.
 */
export function refuseChangedMeanwhile(
  seen: string | null,
  current: () => string,
  template: ValidationTemplate = 'recordChangedMeanwhile',
): void {
  if (seen !== null && current() !== seen) throw new ConflictingStateError([fieldError(null, template)]);
}
