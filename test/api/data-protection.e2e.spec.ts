import request from 'supertest';
import type {
  DataProtectionListItem,
  CleanMemberResult,
  MemberDto,
  MemberHistoryEntry,
  ReadDocument,
} from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, member, setTerms, validMember } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { createNonAssessment, createOrder, THIS_YEAR, validNonAssessment, validOrder } from './support/tax-papers.js';

/** Admitted long ago, so that the member can have left more than ten years ago. */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

/** Every personal value of the member to be erased: none may be readable anywhere after the erasure. */
const PERSONAL = [
  'Vergessen',
  'Veronika',
  'Geborene-Alt',
  '1941-07-23',
  'DE02120300000000202051',
  '86095742719',
  'Ulmenallee',
  'Altdorf',
  'Gattenberg',
  'Gustav',
  'vera@vergessen.example',
  'NV-4711/2011',
  'Finanzamt Altdorf',
  'Kontoinhaberin Vormund',
];

/** Every read-model document, in a stable order, once they include every event stored so far. */
async function snapshot(t: TestApp): Promise<Record<string, ReadDocument[]>> {
  await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
  const out: Record<string, ReadDocument[]> = {};
  for (const name of t.running.storage.runner.collections) {
    out[name] = (
      await t.running.storage.readStore.find(name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })
    ).items;
  }
  return out;
}

/** The whole event log as the product reads it (personal data opened where the key exists). */
async function decryptedLog(t: TestApp): Promise<string> {
  return JSON.stringify(await t.running.storage.events.readAll(-1n, 100_000), (_k, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
}

const found = (text: string): string[] => PERSONAL.filter((value) => text.includes(value));

describe('data protection: the clean-up of former members (issue 27)', () => {
  let t: TestApp;
  let gone: MemberDto;
  let held: MemberDto;
  let recent: MemberDto;
  let spouse: MemberDto;
  let otherAdmin: string;
  let otherGone: MemberDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    // Left in 2012 (died; membership ended 31.12.2012, settlement 2013): due since 1 January 2024.
    gone = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Vergessen',
      givenName: 'Veronika',
      birthName: 'Geborene-Alt',
      birthDate: '1941-07-23',
      iban: 'DE02120300000000202051',
      accountHolder: 'Kontoinhaberin Vormund',
      manualTaxId: '86095742719',
      street: 'Ulmenallee',
      city: 'Altdorf',
      privateEmail: 'vera@vergessen.example',
      civilStatus: 1,
      spouseName: 'Gattenberg',
      spouseGivenName: 'Gustav',
    });
    // A member whose master data links her as spouse, with a joint order naming her.
    spouse = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Bleibt',
      givenName: 'Bernd',
      civilStatus: 1,
      spouse: gone.id,
    });
    await createOrder(
      t.http,
      t.adminToken,
      validOrder(spouse.id, {
        joint: true,
        spouse: gone.id,
        amount: 150_000,
        date: '2011-01-02',
        startDate: '2011-01-01',
        endDate: '2011-12-31',
      }),
    );
    await createOrder(
      t.http,
      t.adminToken,
      validOrder(gone.id, { date: '2010-01-02', startDate: '2010-01-01', endDate: '2010-12-31' }),
    );
    // A certificate of 2011: the API takes none that old today (yearOutOfRange), so it is appended as it was recorded then.
    await t.running.storage.events.append(`nonassessments-${gone.id}`, 'no_stream', [
      {
        type: 'NonAssessmentRecorded',
        data: {
          nonAssessmentId: `nv-${gone.id}`,
          memberId: gone.id,
          cooperativeId: t.cooperativeId,
          type: 100,
          orderNumber: 'NV-4711/2011',
          date: '2011-01-05',
          taxAuthorities: 'Finanzamt Altdorf',
          startDate: '2011-01-01',
          endDate: '2011-12-31',
          original: true,
        },
        metadata: {
          cooperativeId: t.cooperativeId,
          user: 'admin',
          timestamp: '2011-01-06T09:00:00.000Z',
          correlationId: 'c-nv',
          causationId: 'c-nv',
          schemaVersion: 1,
        },
      },
    ]);
    await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
    // Left in 2012 as well, but held.
    held = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Gehalten', givenName: 'Hanna' });
    await diedAndSettled(t.http, t.adminToken, held.id, '2012-03-01', '2013-03-01');
    // Left eleven years ago: the settlement was paid ten years ago, due only from next year (whatever this year is).
    recent = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Neulich', givenName: 'Nora' });
    await diedAndSettled(t.http, t.adminToken, recent.id, `${THIS_YEAR - 11}-05-01`, `${THIS_YEAR - 10}-03-01`);
    // Left in 2012, but a certificate of this year is on file (a tax document): the period runs from this year.
    const papers = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Papier', givenName: 'Paula' });
    await createNonAssessment(t.http, t.adminToken, validNonAssessment(papers.id));
    await diedAndSettled(t.http, t.adminToken, papers.id, '2012-04-01', '2013-03-01');
    // Another cooperative's member, due there.
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    otherAdmin = (
      await userWith(t.http, t.adminToken, 'other-dsgvo-admin', ['ROLE_ADMIN'], (other.body as { id: string }).id)
    ).token;
    otherGone = await createMember(t.http, otherAdmin, { ...LONG_AGO, name: 'Anderswo', givenName: 'Otto' });
    await diedAndSettled(t.http, otherAdmin, otherGone.id, '2011-02-01', '2012-03-01');
  });
  afterAll(async () => t.close());

  const due = async (token = t.adminToken): Promise<DataProtectionListItem[]> =>
    (await request(t.http).get('/api/v1/dsgvo/clean-member').set(auth(token)).expect(200))
      .body as DataProtectionListItem[];

  it('a clerk holds a member with a reason: shown in the member and its history; refused without a reason or twice', async () => {
    const res = await request(t.http)
      .put(`/api/v1/members/${held.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: 'Betriebsprüfung offen' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      memberId: held.id,
      held: true,
      reason: 'Betriebsprüfung offen',
      since: expect.any(String),
    });
    expect(await member(t.http, t.adminToken, held.id)).toMatchObject({
      retentionHold: true,
      retentionHoldReason: 'Betriebsprüfung offen',
    });
    const history = (
      await request(t.http).get(`/api/v1/members/${held.id}/history`).set(auth(t.adminToken)).expect(200)
    ).body as MemberHistoryEntry[];
    expect(history.at(-1)).toMatchObject({
      type: 'MemberRetentionHoldSet',
      user: 'admin',
      hold: { held: true, reason: 'Betriebsprüfung offen' },
    });
    const twice = await request(t.http)
      .put(`/api/v1/members/${held.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: 'noch einmal' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ field: 'held', template: 'retentionHoldAlreadySet', parameters: {} }]);
    const blank = await request(t.http)
      .put(`/api/v1/members/${recent.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toMatchObject({ field: 'reason', template: 'mustNotBeEmpty' });
  });

  it("lists the members due: number, name, given name, exit date; not the held one, not one that left later, not another cooperative's", async () => {
    expect(await due()).toEqual([
      {
        id: gone.id,
        memberNr: gone.memberNr,
        name: 'Vergessen',
        givenName: 'Veronika',
        exitDate: '2012-12-31',
        dueFrom: '2024-01-01',
      },
    ]);
    expect((await due(otherAdmin)).map((m) => m.id)).toEqual([otherGone.id]);
  });

  it('refuses the clean-up to a user without ROLE_ADMIN', async () => {
    const user = await userWith(t.http, t.adminToken, 'dsgvo-user', ['ROLE_USER']);
    expect((await request(t.http).get('/api/v1/dsgvo/clean-member').set(auth(user.token))).status).toBe(403);
    expect((await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(user.token))).status).toBe(403);
    expect(await due()).toHaveLength(1);
  });

  it('two administrators at once erase the member once; a second run erases nothing more; nothing personal is left, the books add up, a rebuild gives the same', async () => {
    const before = await snapshot(t);
    expect(found(JSON.stringify(before)).length).toBeGreaterThan(0);
    const second = await userWith(t.http, t.adminToken, 'second-admin', ['ROLE_ADMIN']);
    const runs = await Promise.all(
      [t.adminToken, second.token].map((token) => request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(token))),
    );
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    const results = runs.map((r) => r.body as CleanMemberResult);
    expect(results.map((r) => r.count).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.count === 1)!.members).toEqual([
      {
        id: gone.id,
        memberNr: gone.memberNr,
        name: null,
        givenName: null,
        exitDate: '2012-12-31',
        dueFrom: '2024-01-01',
      },
    ]);
    const again = (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
      .body as CleanMemberResult;
    expect(again).toEqual({ erasureId: null, count: 0, members: [] });
    const log = await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      type: 'MembersErased',
      data: { rule: 'DOMAIN-9.3-last-entry-year', retentionYears: 10, members: [{ memberId: gone.id }] },
    });
    expect(await due()).toEqual([]);
    expect(await t.running.storage.keys.find(`member-${gone.id}`)).toBeUndefined();

    // Nothing personal in any read model, the decrypted log or the answers.
    const after = await snapshot(t);
    expect(found(JSON.stringify(after))).toEqual([]);
    expect(found(await decryptedLog(t))).toEqual([]);
    const answer = await member(t.http, t.adminToken, gone.id);
    expect(answer).toMatchObject({
      memberType: 2,
      memberNr: gone.memberNr,
      name: null,
      givenName: null,
      iban: null,
      birthDate: null,
      manualTaxId: null,
      exitDate: '2012-12-31',
      shareAmount: 0,
    });
    const history = await request(t.http).get(`/api/v1/members/${gone.id}/history`).set(auth(t.adminToken)).expect(200);
    expect(found(JSON.stringify(history.body))).toEqual([]);
    for (const path of [
      '/api/v1/members?filter=exitDate:null',
      '/api/v1/members',
      '/api/v1/balances',
      '/api/v1/shares',
      '/api/v1/exemptionorders',
      '/api/v1/nonassessments',
      '/api/v1/notifications',
      '/api/v1/tasks',
    ]) {
      const res = await request(t.http).get(path).set(auth(t.adminToken));
      expect([200, 204]).toContain(res.status);
      expect(found(JSON.stringify(res.body))).toEqual([]);
    }
    // The member list's exports and PDFs of a date when she was a member name her as removed, with her number and holding.
    for (const path of [
      '/api/v1/export/members.csv?date=2011-12-31&dialect=rfc4180',
      '/api/v1/pdf/members?date=2013-12-31',
      '/api/v1/pdf/member-balances?date=2011-12-31',
      `/api/v1/pdf/member-statement-of-account?date=2011-12-31&member=${gone.id}`,
    ]) {
      const res = await request(t.http)
        .get(path)
        .set(auth(t.adminToken))
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      const text = path.includes('/pdf/')
        ? (await pdfPages(res.body as Buffer)).flat().join('\n')
        : (res.body as Buffer).toString('utf8');
      expect(found(text)).toEqual([]);
      expect(text).toContain('Gelöscht (DSGVO)');
    }
    // The spouse link is cut on the other member's documents; the rest of them is untouched.
    expect(await member(t.http, t.adminToken, spouse.id)).toMatchObject({
      name: 'Bleibt',
      givenName: 'Bernd',
      spouse: null,
    });
    const spouseOrders = after.exemptionorders!.filter((d) => d.member === spouse.id);
    expect(spouseOrders).toEqual([
      expect.objectContaining({
        joint: true,
        spouse: null,
        spouseName: null,
        memberName: 'Bleibt, Bernd',
        amount: 150_000,
      }),
    ]);
    const untouched = (docs: Record<string, ReadDocument[]>) =>
      docs.members!.filter((d) => d.id === held.id || d.id === recent.id || d.id === otherGone.id);
    expect(untouched(after)).toEqual(untouched(before));
    // Amounts, dates and numbers stay: every posting, and the sums.
    const amounts = (docs: Record<string, ReadDocument[]>) =>
      docs.balances!.map((d) => [d.id, d.member, d.memberNr, d.type, d.amount, d.quantity, d.date]);
    expect(amounts(after)).toEqual(amounts(before));
    expect(after.memberstats).toEqual(before.memberstats!.map((s) => ({ ...s, position: expect.any(String) })));
    expect(after.balances!.filter((d) => d.member === gone.id).every((d) => d.memberName === '')).toBe(true);

    // Another cooperative's member due there is untouched; an erased member takes no hold (it has no key any more).
    expect((await due(otherAdmin)).map((m) => m.id)).toEqual([otherGone.id]);
    const hold = await request(t.http)
      .put(`/api/v1/members/${gone.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: 'zu spät' });
    expect([hold.status, hold.body.errors]).toEqual([400, [{ field: null, template: 'memberErased', parameters: {} }]]);
    const edit = await request(t.http)
      .put(`/api/v1/members/${gone.id}`)
      .set(auth(t.adminToken))
      .send({ ...validMember(), name: 'Neu' });
    expect([edit.status, edit.body.errors]).toEqual([400, [{ field: null, template: 'memberErased', parameters: {} }]]);
    const order = await request(t.http)
      .post('/api/v1/exemptionorders')
      .set(auth(t.adminToken))
      .send(validOrder(gone.id));
    expect([order.status, order.body.errors]).toEqual([
      400,
      [{ field: null, template: 'memberErased', parameters: {} }],
    ]);
    const nv = await request(t.http)
      .post('/api/v1/nonassessments')
      .set(auth(t.adminToken))
      .send(validNonAssessment(gone.id));
    expect([nv.status, nv.body.errors]).toEqual([400, [{ field: null, template: 'memberErased', parameters: {} }]]);
    // Nor church data or an heirs' account (a probe, decision 362): each sealed under a key made anew.
    const church = await request(t.http)
      .put(`/api/v1/members/${gone.id}/church-tax`)
      .set(auth(t.adminToken))
      .send({ churchId: 'rk', churchTaxRate: '9', queriedOn: '2026-01-05' });
    expect([church.status, church.body.errors]).toEqual([
      400,
      [{ field: null, template: 'memberErased', parameters: {} }],
    ]);
    const heirs = await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(t.adminToken))
      .send({ memberId: gone.id, accountHolder: 'Erben', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' });
    expect([heirs.status, heirs.body.errors]).toEqual([
      400,
      [{ field: null, template: 'memberErased', parameters: {} }],
    ]);
    // Her birth date is gone, not missing: she is not shown as a minor.
    expect((await member(t.http, t.adminToken, gone.id)).underage).toBe(false);
    expect(await t.running.storage.keys.find(`member-${gone.id}`)).toBeUndefined();

    // A rebuild of the projections gives exactly the erased state.
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    expect(await snapshot(t)).toEqual(after);
  });

  it('the hold cleared with a reason: the member is due', async () => {
    await request(t.http)
      .put(`/api/v1/members/${held.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: false, reason: 'Prüfung abgeschlossen' })
      .expect(200);
    expect(await member(t.http, t.adminToken, held.id)).toMatchObject({
      retentionHold: false,
      retentionHoldReason: null,
    });
    expect((await due()).map((m) => m.id)).toEqual([held.id]);
  });
});
