/** The command kept colliding with concurrent writes and gave up (answers 409). */
export class ConflictError extends Error {
  constructor(message = 'The record was changed by someone else at the same time. Please reload and try again.') {
    super(message);
    this.name = 'ConflictError';
  }
}

export { PermissionError as ForbiddenError } from '@coop/contracts';
