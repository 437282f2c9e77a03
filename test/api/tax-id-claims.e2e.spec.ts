import request from 'supertest';
import { steuerIdCheckDigit, isValidSteuerId, type MemberDto } from '@coop/contracts';
import { auth, startApp, WITH_READ_THREAD, type TestApp } from './support/app.js';
import { createMember, setTerms, validMember } from './support/members.js';

/*
 * A tax id belongs to one person (issue 39, DOMAIN.md 3.2), also when two requests give it at the same moment. Before
 * the tax ids' claim streams the rule read the members read model only: two changes giving two members one new tax id
 * both answered 200, and of five admissions with one tax id two were admitted (the concurrency probe).
 */

/** The n-th valid Steuer-IdNr of a family: the digits of 8609574271 rotated, with their check digit. */
function taxId(n: number): string {
  const base = '8609574271';
  const found: string[] = [];
  for (let shift = 0; found.length <= n; shift++) {
    if (shift >= base.length) throw new Error('not that many tax ids');
    const first10 = base.slice(shift) + base.slice(0, shift);
    if (first10[0] === '0') continue;
    const id = first10 + String(steuerIdCheckDigit(first10));
    if (isValidSteuerId(id)) found.push(id);
  }
  return found[n]!;
}

const TAKEN = { field: 'manualTaxId', template: 'taxIdTaken' };

describe('one tax id, given to two members at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The members list read in a read thread, as the product reads it (the read before the write takes its time there).
    t = await startApp(WITH_READ_THREAD);
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10_000, 1);
  });
  afterAll(async () => t.close());

  /** The members named `name` and, of them, those holding `tax` (as the API shows each member). */
  async function holders(name: string, tax: string): Promise<MemberDto[]> {
    const res = await request(t.http)
      .get(`/api/v1/members?search=${encodeURIComponent(name)}&limit=50`)
      .set(auth(t.adminToken));
    expect([200, 204]).toContain(res.status);
    const listed = res.status === 204 ? [] : (res.body as MemberDto[]);
    return listed.filter((m) => m.name === name && (m.manualTaxId ?? '').replace(/\D/g, '') === tax);
  }

  // Which request goes first depends on the moment: each case is tried in three rounds.
  it.each([1, 2, 3])('gives it to one of two members changed at once, the other refused (%i)', async (n) => {
    const tax = taxId(n);
    const name = `Zugleich${n}`;
    const a = await createMember(t.http, t.adminToken, { name, givenName: 'Erste' });
    const b = await createMember(t.http, t.adminToken, { name, givenName: 'Zweite' });
    const change = (id: string, givenName: string) =>
      request(t.http)
        .put(`/api/v1/members/${id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name, givenName, manualTaxId: tax }));
    const answers = await Promise.all([change(a.id, 'Erste'), change(b.id, 'Zweite')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    const winner = answers[0]!.status === 200 ? a : b;
    expect(refused.body.errors).toEqual([
      { ...TAKEN, parameters: { 0: String(winner.memberNr), 1: `${name}, ${winner === a ? 'Erste' : 'Zweite'}` } },
    ]);
    expect((await holders(name, tax)).map((m) => m.id)).toEqual([winner.id]);
  });

  it.each([4, 5, 6])('admits one of five members admitted at once with it, the others refused (%i)', async (n) => {
    const tax = taxId(n);
    const name = `Gleichzeitig${n}`;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        request(t.http)
          .post('/api/v1/members')
          .set(auth(t.adminToken))
          .send(validMember({ name, givenName: `Nummer${i}`, manualTaxId: tax })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    const first = answers.find((r) => r.status === 201)!.body as MemberDto;
    for (const refused of answers.filter((r) => r.status === 400))
      expect(refused.body.errors).toEqual([
        { ...TAKEN, parameters: { 0: String(first.memberNr), 1: `${name}, ${first.givenName}` } },
      ]);
    expect((await holders(name, tax)).map((m) => m.id)).toEqual([first.id]);
  });

  it('lets a member take a tax id its last claimant gave up, which the claimant then cannot take back', async () => {
    const tax = taxId(7);
    const name = 'Weitergabe';
    const a = await createMember(t.http, t.adminToken, { name, givenName: 'Alt', manualTaxId: tax });
    const put = (id: string, givenName: string, manualTaxId: string | null) =>
      request(t.http)
        .put(`/api/v1/members/${id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name, givenName, manualTaxId }));
    // The claimant gives the tax id up (a typing error corrected): another member may take it, and then holds it.
    expect((await put(a.id, 'Alt', null)).status).toBe(200);
    const b = await createMember(t.http, t.adminToken, { name, givenName: 'Neu', manualTaxId: tax });
    const back = await put(a.id, 'Alt', tax);
    expect(back.status).toBe(400);
    expect(back.body.errors).toEqual([{ ...TAKEN, parameters: { 0: String(b.memberNr), 1: `${name}, Neu` } }]);
    // The holder keeps it when changing other fields.
    expect((await put(b.id, 'Neu', tax)).status).toBe(200);
    expect((await holders(name, tax)).map((m) => m.id)).toEqual([b.id]);
  });

  it('writes the claims on streams whose names do not show the tax id (they outlive an erasure)', async () => {
    const events = await t.running.storage.events.readAll(-1n, 100_000);
    const claims = events.filter((e) => e.type === 'TaxIdClaimed').map((e) => e.streamId);
    // One of each concurrent case (three changes, three admissions) and the last case's two admissions.
    expect(claims).toHaveLength(8);
    for (const stream of claims) expect(stream).toMatch(new RegExp(`^taxid-${t.cooperativeId}-[0-9a-f]{64}$`));
    const names = [...new Set(events.map((e) => e.streamId))];
    for (let n = 1; n <= 7; n++) expect(names.filter((name) => name.includes(taxId(n)))).toEqual([]);
    expect(new Set(claims).size).toBe(7);
  });
});
