import { describe, expect, it } from '@jest/globals';
import { toFormValidationError, validationMessage } from './validationErrors.js';

describe('API validation errors in the console', () => {
  it('shows a date parameter as dd.MM.yyyy, not as the API sends it', () => {
    const text = validationMessage({ field: 'interestEnd', template: 'mustBeAtLeast', parameters: { '0': '2016-02-01' } });
    expect(text).toContain('01.02.2016');
    expect(text).not.toContain('2016-02-01');
  });

  it('keeps the id of an overlapping paper for the form to mark, and does not show it', () => {
    const error = toFormValidationError('exemptionorders', [{ field: null, template: 'conflictExemptionOrder', parameters: { '0': 'db80b509-2e77' } }]);
    const root = (error.body as { errors: { root: { serverError: string; conflict: string } } }).errors.root;
    expect(root.conflict).toBe('db80b509-2e77');
    expect(root.serverError).not.toContain('db80b509-2e77');
    expect(error.message).toBe(root.serverError);
  });
});
