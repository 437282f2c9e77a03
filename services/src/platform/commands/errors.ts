import type { AnswerTemplate, FieldError } from '@coop/contracts';

/** The command kept colliding with concurrent writes and gave up (answers 409 with the template). */
export class ConflictError extends Error {
  constructor(
    message = 'The record was changed by someone else at the same time. Please reload and try again.',
    readonly template: AnswerTemplate = 'conflict',
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/**
 * A refusal that is a conflict with what is already recorded rather than a bad request (a year already closed): answers
 * 409 with the field errors, as a `ValidationError` answers 400.
 */
export class ConflictingStateError extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(errors.map((e) => e.template).join(', '));
    this.name = 'ConflictingStateError';
  }
}

/**
 * The command's events are stored, but the read models did not show them within the wait (a rebuild, a
 * stalled or restarting projection). Not a failure: answered 202 with `saved: true`, so nobody enters the
 * same thing again; the read models show it once the projections have caught up.
 */
export class SavedNotYetShownError extends Error {
  constructor(
    readonly position: bigint,
    readonly reason: unknown,
  ) {
    super('Saved. It does not show in the lists yet and will in a moment. Do not enter it again.');
    this.name = 'SavedNotYetShownError';
  }
}

/**
 * The client's last write was answered before the read models included it (decision 40), and they still do not
 * within the wait: answering this request from them would not show that write. Answered 503; nothing is lost.
 */
export class WriteNotYetShownError extends Error {
  constructor(readonly reason: unknown) {
    super('Your last change is saved but does not show yet. Please try again in a moment.');
    this.name = 'WriteNotYetShownError';
  }
}

export { PermissionError as ForbiddenError } from '@coop/contracts';

/**
 * Too many wrong guesses within the wait they earned (failed sign-ins, wrong current passwords; login-throttle.ts):
 * answers `429 tooManySignInAttempts` with `Retry-After: wait` (seconds), without the guess being checked.
 */
export class TooManyAttemptsError extends Error {
  constructor(
    readonly wait: number,
    message: string,
  ) {
    super(message);
    this.name = 'TooManyAttemptsError';
  }
}
