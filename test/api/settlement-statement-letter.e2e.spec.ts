import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';
import { statementPages } from './support/settlements.js';

/**
 * The settlement statement (issue 42) as its recipient reads it. A member abroad: the address ends with the country in
 * German capitals (the statement had no country line at all, so the letter to Salzburg was addressed to "5020
 * Salzburg"), the name whole. A partial termination (§ 67b GenG): the member stays a member with the other shares, so
 * the letter says when the termination took effect, not "Ende der Mitgliedschaft".
 */
describe('the settlement statement as a letter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  });
  afterAll(async () => t.close());

  const statement = async (id: string): Promise<string[]> => {
    return (await statementPages(t.http, t.adminToken, id))[0]!;
  };

  it('addresses a member abroad with the country, and a partial termination does not end the membership', async () => {
    const abroad = await createMember(t.http, t.adminToken, {
      name: 'Größenwahn-Weißbäcker-Müller-Lüdenscheidt-Ößterreicher-Überschwang',
      givenName: 'Jürgen',
      street: 'Maria-Theresien-Straße',
      streetHomeNumber: '11',
      zipCode: '5020',
      city: 'Salzburg',
      isForeign: true,
      state: null,
      country: 'AT',
      iban: 'AT611904300234573201',
      bic: 'RZOOAT2L',
      shareAmount: 5,
    });
    const p = await posted(t.http, t.adminToken, {
      member: abroad.id,
      type: 2,
      quantity: 2,
      ...DATES,
      noticeDate: '2025-05-02',
    });
    const id = `${abroad.id}.${p.id}`;
    await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [id], payoutDate: '2026-06-15' })
      .expect(201);
    const page = await statement(id);
    const after = (label: string): string | undefined => page[page.indexOf(label) + 1];
    const from = page.findIndex((l) => l.startsWith('Jürgen'));
    expect(page.slice(from, from + 4)).toEqual([
      'Jürgen Größenwahn-Weißbäcker-Müller-Lüdenscheidt-Ößterreicher-Überschwang',
      'Maria-Theresien-Straße 11',
      '5020 Salzburg',
      'ÖSTERREICH',
    ]);
    expect(after('Grund der Auseinandersetzung')).toBe('Kündigung einzelner Geschäftsanteile (§ 67b GenG)');
    expect(after('Kündigung wirksam zum')).toBe('31.12.2025');
    expect(page).not.toContain('Ende der Mitgliedschaft');
    expect(page.join(' ')).toContain('Ihre Mitgliedschaft besteht mit den übrigen Geschäftsanteilen fort.');
  });
});
