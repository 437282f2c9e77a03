import request from 'supertest';
import type { App } from 'supertest/types.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Issue 45, decision 272: the member's statement of account ("Kontoauszug Geschäftsanteile") shows the
 * Geschäftsguthaben beside the nominal amounts for a member with shares not paid in full: each posting's payment
 * ("eingezahlt"), a later payment on its own line, the running Geschäftsguthaben, and in the closing lines the nominal
 * amount, the Geschäftsguthaben and what is still to be paid in. A member paid in full reads as before.
 */
describe('the statement of account shows the Geschäftsguthaben of shares not fully paid (decision 272)', () => {
  let t: TestApp;
  let giver: { id: string; memberNr: number };
  let receiver: string;

  const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  };
  const statement = async (http: App, memberId: string, date: string): Promise<string[]> =>
    (
      await pdfPages(
        (
          await request(http)
            .get(`/api/v1/pdf/member-statement-of-account?date=${date}&member=${memberId}`)
            .set(auth(t.adminToken))
            .buffer(true)
            .parse(binary)
            .expect(200)
        ).body as Buffer,
      )
    ).flat();
  /** True when `expected` appears in `lines` as consecutive strings (one per cell). */
  const hasRun = (lines: readonly string[], expected: readonly string[]): boolean => {
    for (let i = 0; i + expected.length <= lines.length; i++)
      if (expected.every((e, j) => lines[i + j] === e)) return true;
    return false;
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 4 shares (1.000 €), 400 € paid with the declaration on 15.01.2020, 200 € more on 01.06.2020; the shares count from
    // the admission on 20.01.2020 (validMember; § 15 GenG), their line with what was paid by then.
    const g = await createMember(t.http, t.adminToken, { name: 'Teilzahler', shareAmount: 4, paid: 40_000 });
    giver = { id: g.id, memberNr: g.memberNr! };
    await request(t.http)
      .post(`/api/v1/members/${giver.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: '2020-06-01', amount: 20_000, method: 'transfer' })
      .expect(201);
    receiver = (await createMember(t.http, t.adminToken, { name: 'Vollzahler', shareAmount: 1 })).id;
    // 3 shares (750 €) to the receiver on 01.03.2021: the 600 € paid go with them, 150 € of their price passed on.
    await posted(t.http, t.adminToken, { member: giver.id, type: 3, quantity: 3, transferTo: receiver, ...DATES });
  });
  afterAll(async () => t.close());

  it('the giver: what was paid per posting, the later payment, the Geschäftsguthaben moved, and what is still owed', async () => {
    const lines = await statement(t.http, giver.id, '2021-12-31');
    expect(lines).toEqual(expect.arrayContaining(['eingezahlt', 'Geschäfts-', 'guthaben EUR']));
    expect(
      hasRun(lines, ['20.01.2020', 'Erstzeichnung', '+4', '+1.000,00', '+400,00', '4', '1.000,00', '400,00']),
    ).toBe(true);
    expect(hasRun(lines, ['01.06.2020', 'Einzahlung', '+200,00', '4', '1.000,00', '600,00'])).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Bestand am 31.12.2021: 1 Anteil, Nennbetrag 250,00 EUR',
        'Geschäftsguthaben (eingezahlt) 0,00 EUR, noch einzuzahlen 250,00 EUR',
      ]),
    );
    const transfer = lines.findIndex((l) => l === '01.03.2021');
    expect(lines.slice(transfer + 2, transfer + 8)).toEqual(['-3', '-750,00', '-600,00', '1', '250,00', '0,00']);
  });

  it('the receiver: the Geschäftsguthaben received beside the nominal amount, the rest of the price owed', async () => {
    const lines = await statement(t.http, receiver, '2021-12-31');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Bestand am 31.12.2021: 4 Anteile, Nennbetrag 1.000,00 EUR',
        'Geschäftsguthaben (eingezahlt) 850,00 EUR, noch einzuzahlen 150,00 EUR',
      ]),
    );
  });

  it('a member paid in full reads as before: no column of payments, the holding at its amount', async () => {
    const lines = await statement(t.http, receiver, '2020-12-31');
    expect(lines).toContain('Bestand am 31.12.2020: 1 Anteil, 250,00 EUR');
    expect(lines.some((l) => /eingezahlt|Geschäftsguthaben|Nennbetrag/.test(l))).toBe(false);
  });
});
