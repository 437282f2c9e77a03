import { describe, expect, it } from '@jest/globals';
import { HttpError } from 'react-admin';
import { queryClient, shouldRetry } from './queryClient.js';

describe('asking the API again after a failed read', () => {
  it('does not ask again after a refusal: an unknown record shows its page at once', () => {
    for (const status of [400, 401, 403, 404, 409, 429])
      expect(shouldRetry(0, new HttpError('refused', status, null))).toBe(false);
  });

  it('asks again up to three times when the network or the server failed', () => {
    for (const error of [
      new HttpError('coop.errors.network', 0, null),
      new HttpError('failed', 500, null),
      new HttpError('late', 503, null),
      new Error('x'),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(true);
      expect(shouldRetry(3, error)).toBe(false);
    }
  });

  it('is what every query of the console uses', () => {
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
