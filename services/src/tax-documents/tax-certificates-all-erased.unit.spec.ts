import { describe, expect, it } from '@jest/globals';
import { fieldError, ValidationError } from '@coop/contracts';
import type { RunningTask } from '../tasks/index.js';
import { TaxCertificatesTaskHandler } from './tax-certificates.handler.js';
import type { TaxCertificates } from './tax-certificates.js';

/*
 * A large closure's certificates are made as a task. When every member the closure paid was erased, the route refuses
 * them (400 taxCertificatesAllErased); the task answers the same as its rejection, not as a failure of the server.
 */
describe('the tax certificates task of a closure whose every member was erased', () => {
  const task = {
    taskId: 't1',
    cooperativeId: 'c1',
    kind: 'taxCertificates',
    params: { dividendId: 'd1' },
    queuedBy: 'admin',
    attempt: 1,
    inputs: [],
    files: [],
    readFile: () => Promise.reject(new Error('no file')),
    progress: () => undefined,
  } as RunningTask<'taxCertificates'>;

  it('is rejected with taxCertificatesAllErased, writing nothing', async () => {
    const certificates = {
      make: () => Promise.reject(new ValidationError([fieldError(null, 'taxCertificatesAllErased')])),
    } as unknown as TaxCertificates;
    await expect(new TaxCertificatesTaskHandler(certificates).run(task)).resolves.toEqual({
      outcome: 'rejected',
      reason: { template: 'taxCertificatesAllErased', parameters: [] },
      notifications: [],
    });
  });

  it('still fails on any other refusal, as before', async () => {
    const certificates = {
      make: () => Promise.reject(new ValidationError([fieldError(null, 'missingCooperativeTaxOffice')])),
    } as unknown as TaxCertificates;
    await expect(new TaxCertificatesTaskHandler(certificates).run(task)).rejects.toBeInstanceOf(ValidationError);
  });
});
