import request from 'supertest';
import type { TaxCertificateIssued } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { RENDER_GATE } from '../../services/src/platform/render-thread/render-gate.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { correctionWalk } from './support/tax-documents.js';

/*
 * A corrected certificate (§ 45a Abs. 6 EStG) asked for again (a retry, a second click, two clerks at once) while
 * nothing changed since it: the corrected certificate is not incorrect, so it is answered as issued (the same bytes)
 * and not recorded twice; another reason for it is refused. Changed data again: a new, distinct correction.
 */
describe('tax certificates: the same correction twice is one correction', () => {
  let t: TestApp;
  let walk: Awaited<ReturnType<typeof correctionWalk>>;

  beforeAll(async () => {
    t = await startApp();
    walk = await correctionWalk(t);
  }, 60_000);
  afterAll(async () => t.close());

  const correct = (reason: string): request.Test => walk.correct(reason);
  const corrections = async (): Promise<TaxCertificateIssued['data'][]> =>
    (await walk.issues()).filter((d) => d.version === 'corrected');
  const moveTo = (street: string): Promise<void> => walk.moveTo(street);

  it('answers the same correction sent twice in a row with the same certificate, recorded once', async () => {
    await moveTo('Neue Straße');
    const first = await correct('Anschrift berichtigt').expect(200);
    const second = await correct('Anschrift berichtigt').expect(200);
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect((await pdfPages(second.body as Buffer))[0]).toEqual(
      expect.arrayContaining(['Berichtigte Bescheinigung', 'Neue Straße 5']),
    );
    expect((await corrections()).map((d) => d.reason)).toEqual(['Anschrift berichtigt']);
  });

  it('refuses another reason for a certificate that did not change since its correction, recording nothing', async () => {
    const res = await request(t.http)
      .post(`/api/v1/dividend/tax-pdf/${walk.closure.id}/corrections`)
      .set(auth(t.adminToken))
      .send({ member: walk.member.id, reason: 'Noch einmal' });
    const [day] = (await corrections()).map((d) => d.at.slice(0, 10));
    expect([res.status, res.body]).toEqual([
      400,
      { errors: [{ field: 'reason', template: 'taxCertificateUnchanged', parameters: { '0': day } }] },
    ]);
    expect(await corrections()).toHaveLength(1);
  });

  it('issues a distinct correction once the data changed again, and one only when it is sent twice at once', async () => {
    await moveTo('Dritte Straße');
    // The cooperative's place at the render gate taken here: both read the register, then wait for their turn.
    let release: () => void = () => undefined;
    const held = RENDER_GATE.run(
      () => new Promise<void>((resolve) => (release = resolve)),
      undefined,
      undefined,
      t.cooperativeId,
    );
    const sent = Promise.all([correct('Zweiter Umzug'), correct('Zweiter Umzug')]);
    for (let i = 0; i < 200 && RENDER_GATE.queued < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(RENDER_GATE.queued).toBe(2);
    release();
    await held;
    const both = await sent;
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((both[1].body as Buffer).equals(both[0].body as Buffer)).toBe(true);
    expect((await pdfPages(both[0].body as Buffer))[0]).toEqual(
      expect.arrayContaining(['Berichtigte Bescheinigung', 'Dritte Straße 5']),
    );
    const recorded = await corrections();
    expect(recorded.map((d) => d.reason)).toEqual(['Anschrift berichtigt', 'Zweiter Umzug']);
    expect(recorded[1]!.digest).not.toBe(recorded[0]!.digest);
  });
});
