import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { BalanceDto, DividendDto, MemberDto, TaskDto } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { createMember, member, posted, setTerms } from './support/members.js';
import { THIS_YEAR } from './support/tax-papers.js';

/*
 * The member PDFs through the API (issue 26): each read back as text (platform/pdf/pdf-text.ts, not pdfkit) and
 * compared with the register as the members API answers it for the same date. The past date (31.12.2023) hides a
 * later posting, a later exit and a later entry; a statement's running holding, an annulled posting and its
 * annulation, a statement over two pages, the last dividends; 404 for another cooperative's member; the background
 * path with PDF_SYNC_LIMIT lowered to 4 members.
 */
const PAST = '2023-12-31';
const DATES = { approvalDate: '2021-03-01', interestBegin: '2021-04-01' } as const;
const LIMIT = 4;

const eur = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};
const de = (d: string | null): string => (d ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : '');
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const pdf = (http: App, token: string, path: string): request.Test =>
  request(http).get(path).set(auth(token)).buffer(true).parse(binary);

/** True when `expected` appears in `lines` as consecutive strings. */
function hasRun(lines: readonly string[], expected: readonly string[]): boolean {
  for (let i = 0; i + expected.length <= lines.length; i++)
    if (expected.every((e, j) => lines[i + j] === e)) return true;
  return false;
}

/** The member list's row of a member as the register answers it as of the date (empty cells are not drawn). */
const listRow = (m: MemberDto): string[] =>
  [
    String(m.memberNr),
    m.salutation ?? '',
    m.name ?? '',
    m.givenName ?? '',
    m.street ?? '',
    m.streetHomeNumber ?? '',
    m.zipCode ?? '',
    m.city ?? '',
    'DE',
    de(m.birthDate),
    de(m.entryDate),
    de(m.approvalDate),
    de(m.exitDate),
    m.exitReason === 'exit' ? 'Kündigung' : '',
    String(m.shareAmount),
    eur(m.shareTotalEUR),
  ].filter((s) => s !== '');

describe('member PDFs as of a date: member list, members with shares, statements of account', () => {
  let t: TestApp;
  const m: Record<string, MemberDto> = {};
  let annulled: BalanceDto;
  let closure: DividendDto;

  beforeAll(async () => {
    t = await startApp({ PDF_SYNC_LIMIT: String(LIMIT) });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    m.albers = await createMember(t.http, t.adminToken, {
      name: 'Albers',
      givenName: 'Jürgen',
      street: 'Hauptstraße',
      streetHomeNumber: '1a',
      shareAmount: 4,
    });
    await posted(t.http, t.adminToken, { member: m.albers.id, type: 1, quantity: 2, date: '2021-03-01', ...DATES });
    // After the past date: hidden as of 31.12.2023.
    await posted(t.http, t.adminToken, {
      member: m.albers.id,
      type: 1,
      quantity: 1,
      date: '2024-05-02',
      approvalDate: '2024-05-02',
      interestBegin: '2024-06-01',
    });
    m.becker = await createMember(t.http, t.adminToken, { name: 'Becker', givenName: 'Bea', shareAmount: 3 });
    // Notice given in 2024, effective 31.12.2024: as of 31.12.2023 Becker is active with 3 shares.
    await posted(t.http, t.adminToken, {
      member: m.becker.id,
      type: 8,
      date: '2024-03-01',
      approvalDate: '2024-03-01',
      interestBegin: '2024-04-01',
    });
    m.cramer = await createMember(t.http, t.adminToken, {
      name: 'Cramer',
      givenName: 'Carl',
      entryDate: '2024-06-01',
      approvalDate: '2024-06-02',
      interestBegin: '2024-07-01',
      shareAmount: 2,
    });
    m.dietz = await createMember(t.http, t.adminToken, { name: 'Dietz', givenName: 'Dora', shareAmount: 1 });
    annulled = await posted(t.http, t.adminToken, {
      member: m.dietz.id,
      type: 1,
      quantity: 5,
      date: '2021-05-01',
      approvalDate: '2021-05-01',
      interestBegin: '2021-06-01',
    });
    await posted(t.http, t.adminToken, { type: 5, annulPeer: annulled.id, date: '2021-06-01' });
    m.eder = await createMember(t.http, t.adminToken, { name: 'Eder', givenName: 'Emil', shareAmount: 1 });
    for (let i = 0; i < 50; i++) {
      const date = `2022-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')}`;
      await posted(t.http, t.adminToken, {
        member: m.eder.id,
        type: 1,
        quantity: 1,
        date,
        approvalDate: date,
        interestBegin: '2023-01-01',
      });
    }
    const res = await request(t.http)
      .post('/api/v1/dividend/store')
      .set(auth(t.adminToken))
      .send({
        year: String(THIS_YEAR - 1),
        type: 'percent',
        amount: '10',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: `${THIS_YEAR}-01-15`,
      });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    closure = res.body as DividendDto;
  }, 120_000);
  afterAll(async () => t.close());

  it('lists the members as of a past date: a later entry, posting and exit hidden, every row as the register answers it', async () => {
    const res = await pdf(t.http, t.adminToken, `/api/v1/pdf/members?date=${PAST}`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mitgliederliste-eg-musterstadt-${PAST}.pdf"; filename*=UTF-8''mitgliederliste-eg-musterstadt-${PAST}.pdf`,
    );
    const pages = await pdfPages(res.body as Buffer);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Energiegenossenschaft Musterstadt eG',
        'Hauptstraße 1, 12345 Musterstadt',
        'Mitgliederliste',
        'Stand: 31.12.2023',
        'Seite 1 von 1',
      ]),
    );
    for (const key of ['albers', 'becker', 'dietz', 'eder']) {
      const asOf = await member(t.http, t.adminToken, m[key]!.id, PAST);
      expect(hasRun(lines, listRow(asOf))).toBe(true);
    }
    const albers = await member(t.http, t.adminToken, m.albers!.id, PAST);
    expect([albers.shareAmount, albers.shareTotalEUR]).toEqual([6, 150_000]);
    expect(lines).not.toContain('Cramer');
    expect(lines).not.toContain('31.12.2024');
    // Albers 6, Becker 3, Dietz 1, Eder 51 shares of 250,00 EUR.
    expect(lines).toContain(`Summe: 4 Mitglieder, 61 Anteile, ${eur(61 * 25_000)} EUR`);
  });

  it('leaves members exited by the date out with onlyActive, and refuses a bad flag or date', async () => {
    // Becker's exit took effect on 31.12.2024 (the full list of today, with it, is the task's file below).
    const active = (
      await pdfPages(
        (await pdf(t.http, t.adminToken, '/api/v1/pdf/members?date=2025-01-01&onlyActive=true').expect(200))
          .body as Buffer,
      )
    ).flat();
    expect(active).toContain('Mitgliederliste (aktive Mitglieder)');
    for (const key of ['albers', 'cramer', 'dietz', 'eder'])
      expect(hasRun(active, listRow(await member(t.http, t.adminToken, m[key]!.id, '2025-01-01')))).toBe(true);
    expect(active).not.toContain('Becker');
    expect((await request(t.http).get('/api/v1/pdf/members?onlyActive=maybe').set(auth(t.adminToken))).body).toEqual({
      errors: [{ field: 'onlyActive', template: 'invalidChoice', parameters: { '0': 'maybe' } }],
    });
    expect((await request(t.http).get('/api/v1/pdf/members?date=2023-02-30').set(auth(t.adminToken))).body).toEqual({
      errors: [{ field: 'date', template: 'invalidDate', parameters: { '0': '2023-02-30' } }],
    });
  });

  it('lists the members with shares: number, name, shares and capital as of the date', async () => {
    const res = await pdf(t.http, t.adminToken, `/api/v1/pdf/member-balances?date=${PAST}`).expect(200);
    const lines = (await pdfPages(res.body as Buffer)).flat();
    expect(lines).toEqual(
      expect.arrayContaining(['Mitglieder mit Geschäftsanteilen', 'Stand: 31.12.2023', 'Seite 1 von 1']),
    );
    for (const key of ['albers', 'becker', 'dietz', 'eder']) {
      const asOf = await member(t.http, t.adminToken, m[key]!.id, PAST);
      expect(
        hasRun(lines, [
          String(asOf.memberNr),
          `${asOf.name}, ${asOf.givenName}`,
          String(asOf.shareAmount),
          eur(asOf.shareTotalEUR),
        ]),
      ).toBe(true);
    }
    expect(lines).not.toContain('Cramer, Carl');
    // Today Becker has left: no shares, not listed.
    const today = (
      await pdfPages((await pdf(t.http, t.adminToken, '/api/v1/pdf/member-balances').expect(200)).body as Buffer)
    ).flat();
    expect(today).not.toContain('Becker, Bea');
    expect(today).toContain('Cramer, Carl');
  });

  it('states one member’s account as of the date: postings up to it with the running holding, the holding, no later posting', async () => {
    const res = await pdf(
      t.http,
      t.adminToken,
      `/api/v1/pdf/member-statement-of-account?date=${PAST}&member=${m.albers!.id}`,
    ).expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kontoauszug-eg-musterstadt-${m.albers!.memberNr}-${PAST}.pdf"; filename*=UTF-8''kontoauszug-eg-musterstadt-${m.albers!.memberNr}-${PAST}.pdf`,
    );
    const pages = await pdfPages(res.body as Buffer);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Kontoauszug Geschäftsanteile',
        'Frau Jürgen Albers',
        'Hauptstraße 1a',
        'Seite 1 von 1',
        'Keine Dividenden.',
      ]),
    );
    // Declared on 15.01.2020, admitted on 20.01.2020 (validMember): the shares count from the admission (§ 15 GenG).
    expect(hasRun(lines, ['20.01.2020', 'Erstzeichnung', '+4', '+1.000,00', '4', '1.000,00'])).toBe(true);
    expect(hasRun(lines, ['01.03.2021', 'Zeichnung weiterer Anteile', '+2', '+500,00', '6', '1.500,00'])).toBe(true);
    expect(lines).toContain('Bestand am 31.12.2023: 6 Anteile, 1.500,00 EUR');
    expect(lines).not.toContain('02.05.2024');
  });

  it('shows an annulled posting marked as such with its annulation, the holding running through both', async () => {
    const lines = (
      await pdfPages(
        (
          await pdf(
            t.http,
            t.adminToken,
            `/api/v1/pdf/member-statement-of-account?date=${PAST}&member=${m.dietz!.id}`,
          ).expect(200)
        ).body as Buffer,
      )
    ).flat();
    expect(
      hasRun(lines, ['01.05.2021', 'Zeichnung weiterer Anteile (storniert)', '+5', '+1.250,00', '6', '1.500,00']),
    ).toBe(true);
    expect(hasRun(lines, ['01.06.2021', 'Storno', '-5', '-1.250,00', '1', '250,00'])).toBe(true);
    expect(lines).toContain('Bestand am 31.12.2023: 1 Anteil, 250,00 EUR');
  });

  it('numbers a long statement "Seite n von m" and shows the member’s last dividends once paid', async () => {
    const pages = await pdfPages(
      (await pdf(t.http, t.adminToken, `/api/v1/pdf/member-statement-of-account?member=${m.eder!.id}`).expect(200))
        .body as Buffer,
    );
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Seite 1 von 2');
    expect(pages[1]).toContain('Seite 2 von 2');
    const lines = pages.flat();
    expect(lines.find((l) => l.startsWith('Bestand am '))).toMatch(/: 51 Anteile, 12\.750,00 EUR$/);
    expect(hasRun(lines, ['04.12.2022', 'Zeichnung weiterer Anteile', '+1', '+250,00', '51', '12.750,00'])).toBe(true);
    const paid = closure.members.find((x) => x.member === m.eder!.id)!;
    expect(paid.dividend).toBeGreaterThan(0);
    expect(paid.taxes).toBe(paid.dividendTax + paid.solidarityTax + paid.churchTax);
    // The credit to the Geschäftsguthaben (issue 45) between the taxes and the payout: the row adds up.
    const row = [eur(paid.dividend), eur(paid.taxes), eur(paid.creditedAmount), eur(paid.paymentAmount)];
    expect(hasRun(lines, [String(THIS_YEAR - 1), ...row])).toBe(true);
  });

  it('states every active member’s account, each from a new page, by member number', async () => {
    const res = await pdf(t.http, t.adminToken, `/api/v1/pdf/member-statement-of-account?date=${PAST}`).expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kontoauszuege-eg-musterstadt-${PAST}.pdf"; filename*=UTF-8''kontoauszuege-eg-musterstadt-${PAST}.pdf`,
    );
    const pages = await pdfPages(res.body as Buffer);
    // Albers, Becker, Dietz one page each, Eder two; Cramer had not joined.
    expect(pages).toHaveLength(5);
    const firsts = pages.filter((p) => p.some((l) => /^Seite 1 von \d$/.test(l)));
    expect(firsts.map((p) => p.find((l) => l.startsWith('Mitgliedsnummer: '))!.split(/\s{2,}/)[0])).toEqual(
      ['albers', 'becker', 'dietz', 'eder'].map((k) => `Mitgliedsnummer: ${m[k]!.memberNr}`),
    );
    expect(firsts[1]).toContain('Bestand am 31.12.2023: 3 Anteile, 750,00 EUR');
  });

  it('answers 404 for another cooperative’s member', async () => {
    const coop = await request(t.http).post('/api/v1/cooperatives').set(auth(t.adminToken)).send({
      name: 'andere-eg',
      fullName: 'Andere eG',
      address: 'Weg 1',
      zip: '54321',
      city: 'Anderswo',
      email: 'info@andere.de',
      contactPerson: 'Otto',
      url: 'https://andere.de',
      taxId: '1121081508150',
      bankname: 'Bank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      balanceCost: 10000,
      minimumShares: 1,
    });
    expect(coop.status).toBe(201);
    const other = (
      await userWith(t.http, t.adminToken, 'pdf-other-clerk', ['ROLE_USER'], (coop.body as { id: string }).id)
    ).token;
    const theirs = await createMember(t.http, other, { name: 'Fremd' });
    const res = await request(t.http)
      .get(`/api/v1/pdf/member-statement-of-account?member=${theirs.id}`)
      .set(auth(t.adminToken));
    expect(res.status).toBe(404);
    // Their own list holds only their member.
    const lines = (await pdfPages((await pdf(t.http, other, '/api/v1/pdf/members').expect(200)).body as Buffer)).flat();
    expect(lines).toContain('Fremd');
    expect(lines).not.toContain('Albers');
  });

  it('renders more members than PDF_SYNC_LIMIT in the memberPdfs task: 202, then the file from the task', async () => {
    const queued = await request(t.http).get('/api/v1/pdf/members').set(auth(t.adminToken)).expect(202);
    const task = queued.body as TaskDto;
    expect(task.kind).toBe('memberPdfs');
    let done: TaskDto = task;
    for (let i = 0; i < 150 && done.state !== 'completed' && done.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = (await request(t.http).get(`/api/v1/tasks/${task.id}`).set(auth(t.adminToken)).expect(200))
        .body as TaskDto;
    }
    expect(done.state).toBe('completed');
    const file = done.files[0]!;
    expect(file.name).toMatch(/^mitgliederliste-eg-musterstadt-\d{4}-\d{2}-\d{2}\.pdf$/);
    const lines = (
      await pdfPages(
        (await pdf(t.http, t.adminToken, `/api/v1/tasks/${task.id}/files/${file.fileId}`).expect(200)).body as Buffer,
      )
    ).flat();
    for (const key of ['albers', 'becker', 'cramer', 'dietz', 'eder'])
      expect(hasRun(lines, listRow(await member(t.http, t.adminToken, m[key]!.id)))).toBe(true);
    // Becker's exit as the register shows it today.
    expect(hasRun(lines, ['31.12.2024', 'Kündigung', '0', '0,00'])).toBe(true);
    expect(lines).toContain('Seite 1 von 1');
  }, 60_000);
});

describe('member PDFs: names outside Latin-1 (Turkish, Polish, Czech, Hungarian letters) printed as they are', () => {
  let t: TestApp;
  let yilmaz: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    yilmaz = await createMember(t.http, t.adminToken, {
      name: 'Yılmaz',
      givenName: 'Łukasz Čapek-Şahin',
      street: 'Győrer Straße',
      streetHomeNumber: '3',
      shareAmount: 2,
    });
  }, 60_000);
  afterAll(async () => t.close());

  it('names the member exactly so on the list of members with shares and the member list (the given name whole, set smaller)', async () => {
    const list = (
      await pdfPages((await pdf(t.http, t.adminToken, '/api/v1/pdf/members').expect(200)).body as Buffer)
    ).flat();
    // The given name is wider than its column: set smaller, not cut (issue 43; it printed "Łukasz Čapek-Şa…").
    const row = listRow(await member(t.http, t.adminToken, yilmaz.id));
    expect(list.filter((l) => l.includes('…'))).toEqual([]);
    expect(hasRun(list, row)).toBe(true);
    expect(list).toEqual(expect.arrayContaining(['Yılmaz', 'Győrer Straße']));
    const balances = (
      await pdfPages((await pdf(t.http, t.adminToken, '/api/v1/pdf/member-balances').expect(200)).body as Buffer)
    ).flat();
    expect(balances).toContain('Yılmaz, Łukasz Čapek-Şahin');
  });
});
