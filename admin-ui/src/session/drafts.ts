/**
 * A form's unsaved input kept across a sign-in (decision 426): when the session ends without the clerk choosing (the
 * idle time passed, the token ran out, the server refused it), the form on the screen leaves its changed fields here,
 * and the same user's next form at the same place takes them back. Kept in this tab's memory only, never in storage
 * (it is personal data); a reload forgets it, another user's sign-in drops it, the first form shown after a
 * sign-in takes it or drops it, and a sign-out the clerk chose drops it.
 */
export interface Draft {
  readonly user: string;
  readonly place: string;
  readonly values: Readonly<Record<string, unknown>>;
}

let ending = false;
let held: Draft | null = null;

/** The session ends without the clerk choosing: the form on the screen may leave its input. */
export function sessionEndedUnasked(): void {
  ending = true;
}

/** A form leaves its changed fields when it goes because the session ended unasked; otherwise nothing is kept. */
export function leaveDraft(draft: Draft): void {
  if (ending && Object.keys(draft.values).length > 0) held = draft;
}

/** A sign-in: drafts of another user are dropped, and nothing further is kept until the next unasked end. */
export function signedIn(user: string): void {
  ending = false;
  if (held && held.user !== user) held = null;
}

/**
 * The clerk signs out: a draft still held (no form took it after the sign-in) goes, as the session it was typed in is
 * over by the clerk's own choice. A sign-out by the session's unasked end (the idle time) keeps it.
 */
export function signedOut(): void {
  if (!ending) held = null;
}

/** The first form shown after a sign-in takes the draft of its user and place; any other form drops it. */
export function takeDraft(user: string, place: string): Draft['values'] | null {
  const draft = held;
  if (ending) return null;
  held = null;
  return draft && draft.user === user && draft.place === place ? draft.values : null;
}

/** Sent back with a draft although unchanged: a change made meanwhile is then refused, not written over (decision 418). */
const VERSION_FIELDS = ['masterTag'];

/** Never kept: a password typed (a user's own, a new user's) stays only in the form it was typed in. */
const SECRET_FIELD = /password/i;

/** What a form leaves of its values: the changed fields but secrets, and its version fields when anything is kept. */
export function draftOf(
  changed: readonly string[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of changed) if (!SECRET_FIELD.test(field)) kept[field] = values[field];
  if (Object.keys(kept).length > 0)
    for (const field of VERSION_FIELDS) if (field in values) kept[field] = values[field];
  return kept;
}
