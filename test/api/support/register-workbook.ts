import request from 'supertest';
import { auth, startApp, validCooperative, type TestApp } from './app.js';
import { binary } from './member-import.js';

/** The register round trips' API specs (import-round-trip, import-read-determinism, import-replay-any-day). */

/** The cooperative's register as an import workbook (`GET /import/register.xlsx`, its administrator). */
export async function registerWorkbook(t: TestApp): Promise<Buffer> {
  const res = await request(t.http)
    .get('/api/v1/import/register.xlsx')
    .set(auth(t.adminToken))
    .buffer(true)
    .parse(binary)
    .expect(200);
  return res.body as Buffer;
}

/** A new store whose cooperative has the source's share terms and notice period (the import brings members, not terms). */
export async function emptyStoreLike(source: TestApp): Promise<TestApp> {
  const target = await startApp();
  const coop = (
    await request(source.http)
      .get(`/api/v1/cooperatives/${source.cooperativeId}`)
      .set(auth(source.adminToken))
      .expect(200)
  ).body as Record<string, unknown>;
  const terms = {
    balanceCost: coop.balanceCost,
    minimumShares: coop.minimumShares,
    noticePeriodMonths: coop.noticePeriodMonths,
    interestBeginRule: coop.interestBeginRule,
  };
  await request(target.http)
    .put(`/api/v1/cooperatives/${target.cooperativeId}`)
    .set(auth(target.adminToken))
    .send(validCooperative(terms))
    .expect(200);
  return target;
}
