import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { emptyFigures, failureLine, fuzzRequests, runFuzz, type FuzzFigures } from './fuzz-requests.js';
import { fuzzTarget, type FuzzTarget } from './fuzz-setup.js';

/**
 * Bad input never answers 5xx and stores nothing (issue 28): generated requests to every route of the OpenAPI
 * document, seeded so a run is repeatable. `FUZZ_REQUESTS` sets how many (bench/fuzz.js: 10,000), `FUZZ_SEED` the
 * seed, `FUZZ_REPORT` a file for the figures.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 28);

describe('bad input: every route, generated requests', () => {
  let target: FuzzTarget;
  let figures: FuzzFigures = emptyFigures();
  beforeAll(async () => {
    target = await fuzzTarget();
  });
  afterAll(async () => {
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(figures, null, 2));
    await target.t.close();
  });

  it(`answers ${REQUESTS} generated requests with 2xx or 4xx in the error format, never 5xx, never dropped, and a refusal stores nothing`, async () => {
    const requests = fc.sample(fuzzRequests(target.doc, target.t.adminToken, target.ids), { seed: SEED, numRuns: REQUESTS });
    figures = await runFuzz(target.baseUrl, target.head, requests, figures);
    expect(figures.failures.map(failureLine)).toEqual([]);
    expect(figures.requests).toBe(REQUESTS);
  }, Math.max(120_000, REQUESTS * 200));
});
