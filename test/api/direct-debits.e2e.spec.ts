import request from 'supertest';
import {
  businessToday,
  ValidationError,
  type CollectionCreatedDto,
  type CollectionDto,
  type DirectDebitPaymentDto,
  type MandateDto,
  type ShareDueDto,
} from '@coop/contracts';
import { earliestCollectionDate, nextTarget2Day } from '../../services/src/direct-debits/domain/target2.js';
import { pain008Violations } from '../../services/src/direct-debits/sepa/pain008-rules.js';
import { parsePain } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';
import {
  CreateCollectionCommand,
  CreateCollectionHandler,
} from '../../services/src/direct-debits/commands/collection.commands.js';
import { adminContext, collectionHandlerWith, returnedOn } from './support/direct-debits.js';
import { textAt, textGet } from './support/downloads.js';

/**
 * Issue 45 (DEBIT): SEPA direct debits through the API on one app. Mandates (reference unique in the cooperative, signed
 * not in the future, an IBAN needed), a collection of the selected dues (only members with a usable mandate and IBAN,
 * the others skipped with the reason) whose pain.008.001.08 file follows its rules, the dues paid by it, a returned
 * debit due again, the next collection RCUR; roles and tenancy.
 */
const xmlOf = textGet;
const at = textAt;

describe('direct debits: mandates, a collection and its file, a returned debit', () => {
  let t: TestApp;
  const members: Record<'anna' | 'bert' | 'cora' | 'dora', string> = { anna: '', bert: '', cora: '', dora: '' };
  const subscription: Record<string, string> = {};
  const collectionDate = earliestCollectionDate(businessToday());
  let annaMandate: MandateDto;
  let collection: CollectionCreatedDto;

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const grant = (memberId: string, body: Record<string, unknown>, token = t.adminToken): request.Test =>
    request(t.http).post(`/api/v1/members/${memberId}/mandates`).set(auth(token)).send(body);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    for (const [key, name] of [
      ['anna', 'Anna'],
      ['bert', 'Bert'],
      ['cora', 'Cora'],
      ['dora', 'Dora'],
    ] as const) {
      members[key] = (await createMember(t.http, t.adminToken, { name, shareAmount: 2 })).id;
      const [due] = await dues(members[key]);
      subscription[key] = due!.id;
      // Nothing paid yet on the subscription (the register's payment corrected to 0): 500 euro outstanding.
      await request(t.http)
        .put(`/api/v1/shares/${due!.id}`)
        .set(auth(t.adminToken))
        .send({ rueckpfleinzahlung: 0, interestEnd: null })
        .expect(200);
    }
    // The app's start and twelve writes that wait for the read models: more than the default 30 s on a loaded machine.
  }, 90_000);
  afterAll(async () => t.close());

  it('grants mandates: reference unique in the cooperative (any case), SEPA set, signed not after today', async () => {
    annaMandate = (
      await grant(members.anna, { reference: 'EG-M-0001', signedOn: businessToday(), kind: 'recurring' }).expect(201)
    ).body as MandateDto;
    expect(annaMandate).toMatchObject({
      memberId: members.anna,
      reference: 'EG-M-0001',
      signedOn: businessToday(),
      kind: 'recurring',
      status: 'active',
      revokedOn: null,
      collections: 0,
    });
    await grant(members.bert, { reference: 'EG-M-0002', signedOn: '2025-02-01', kind: 'oneOff' }).expect(201);
    expect((await grant(members.dora, { reference: 'eg-m-0001', signedOn: businessToday() }).expect(400)).body).toEqual(
      {
        errors: [{ field: 'reference', template: 'mandateReferenceTaken', parameters: { '0': 'eg-m-0001' } }],
      },
    );
    const bad = await grant(members.dora, { reference: 'EG M 1', signedOn: '2999-01-01', kind: 'sometimes' }).expect(
      400,
    );
    expect(
      (bad.body as { errors: { field: string; template: string }[] }).errors.map((e) => [e.field, e.template]),
    ).toEqual([
      ['reference', 'mandateReferenceInvalid'],
      ['signedOn', 'dateOutOfRange'],
      ['kind', 'invalidChoice'],
    ]);
    const tomorrow = nextTarget2Day(businessToday());
    expect((await grant(members.dora, { reference: 'EG-M-0009', signedOn: tomorrow }).expect(400)).body).toMatchObject({
      errors: [{ field: 'signedOn', template: 'mandateSignedInFuture' }],
    });
    const list = (
      await request(t.http).get(`/api/v1/members/${members.anna}/mandates`).set(auth(t.adminToken)).expect(200)
    ).body as MandateDto[];
    expect(list.map((m) => m.reference)).toEqual(['EG-M-0001']);
  });

  it('collects the selected dues with a usable mandate and IBAN, skips the others with the reason, and writes a pain.008 file that follows its rules', async () => {
    const tooEarly = await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate: businessToday(), balanceIds: [subscription.anna] })
      .expect(400);
    expect((tooEarly.body as { errors: { template: string }[] }).errors[0]!.template).toMatch(
      /^collectionDate(TooEarly|NotBusinessDay)$/,
    );
    const res = await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: [subscription.anna, subscription.bert, subscription.cora, 'unbekannt'] })
      .expect(201);
    collection = res.body as CollectionCreatedDto;
    expect(collection).toMatchObject({
      collectionDate,
      count: 2,
      totalCents: 100_000,
      booked: 2,
      complete: true,
      returned: 0,
    });
    expect(collection.skipped.map((s) => [s.balanceId, s.reason])).toEqual([
      [subscription.cora, 'noMandate'],
      ['unbekannt', 'unknownDue'],
    ]);
    // Paid by the debit: nothing outstanding on Anna's and Bert's subscriptions, Cora's still due.
    expect([
      (await dues(members.anna))[0]!.outstanding,
      (await dues(members.bert))[0]!.outstanding,
      (await dues(members.cora))[0]!.outstanding,
    ]).toEqual([0, 0, 50_000]);

    const file = await xmlOf(t.http, t.adminToken, `/api/v1/direct-debits/${collection.id}/file`).expect(200);
    expect(file.headers['content-disposition']).toContain(
      `Lastschrift-${collectionDate}-Energiegenossenschaft-Musterstadt-eG.xml`,
    );
    const doc = parsePain(file.body as string);
    expect(pain008Violations(doc)).toEqual([]);
    const blocks = doc.children[0]!.children.filter((c) => c.name === 'PmtInf');
    expect(
      blocks.map((b) => [
        at(b, 'PmtTpInf', 'SeqTp'),
        at(b, 'CtrlSum'),
        at(b, 'ReqdColltnDt'),
        at(b, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'Id'),
      ]),
    ).toEqual([
      ['FRST', '500.00', collectionDate, 'DE98ZZZ09999999999'],
      ['OOFF', '500.00', collectionDate, 'DE98ZZZ09999999999'],
    ]);
    expect(
      at(
        blocks[0]!.children.find((c) => c.name === 'DrctDbtTxInf'),
        'DrctDbtTx',
        'MndtRltdInf',
        'MndtId',
      ),
    ).toBe('EG-M-0001');
    const listed = (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200))
      .body as CollectionDto[];
    expect(listed.map((c) => [c.id, c.count, c.totalCents])).toEqual([[collection.id, 2, 100_000]]);
    expect(
      (
        (await request(t.http).get(`/api/v1/members/${members.anna}/mandates`).set(auth(t.adminToken)).expect(200))
          .body as MandateDto[]
      )[0],
    ).toMatchObject({ collections: 1, lastCollectionDate: collectionDate });
  });

  it('records a returned debit once: the amount is due again; the next collection draws it as RCUR, the one-off mandate not again', async () => {
    const [payment] = (
      await request(t.http)
        .get(`/api/v1/members/${members.anna}/direct-debit-payments`)
        .set(auth(t.adminToken))
        .expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(payment).toMatchObject({ collectionId: collection.id, amount: 50_000, returnedOn: null });
    const path = `/api/v1/members/${members.anna}/share-payments/${payment!.id}/return`;
    await request(t.http)
      .post(path)
      .set(auth(t.adminToken))
      .send({ date: collectionDate, reason: 'md06x' })
      .expect(400);
    // Not before the collection date comes: the return is recorded on that day (decision 357).
    expect(
      (
        await request(t.http)
          .post(path)
          .set(auth(t.adminToken))
          .send({ date: collectionDate, reason: 'MD06' })
          .expect(400)
      ).body,
    ).toEqual({ errors: [{ field: 'date', template: 'dateInFuture', parameters: { 0: collectionDate } }] });
    await returnedOn(t, members.anna, payment!.id, collectionDate);
    const listed = (
      await request(t.http)
        .get(`/api/v1/members/${members.anna}/direct-debit-payments`)
        .set(auth(t.adminToken))
        .expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(listed.find((p) => p.id === payment!.id)).toMatchObject({
      returnedOn: collectionDate,
      returnReason: 'MD06',
    });
    expect(
      (
        await request(t.http)
          .post(path)
          .set(auth(t.adminToken))
          .send({ date: collectionDate, reason: null })
          .expect(400)
      ).body,
    ).toMatchObject({ errors: [{ template: 'paymentAlreadyReturned' }] });
    expect((await dues(members.anna))[0]!.outstanding).toBe(50_000);
    expect(
      (
        (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200)).body as CollectionDto[]
      )[0],
    ).toMatchObject({ returned: 1, returnedCents: 50_000 });

    const again = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate, balanceIds: [subscription.anna, subscription.bert] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect([again.count, again.skipped.map((s) => s.reason)]).toEqual([1, ['nothingOutstanding']]);
    const doc = parsePain(
      (await xmlOf(t.http, t.adminToken, `/api/v1/direct-debits/${again.id}/file`).expect(200)).body as string,
    );
    expect(doc.children[0]!.children.filter((c) => c.name === 'PmtInf').map((b) => at(b, 'PmtTpInf', 'SeqTp'))).toEqual(
      ['RCUR'],
    );
    // Not revoked before the debit just collected under it (decision 374: it would stand as taken without a mandate);
    // revoked on its day, the mandate draws no more.
    const early = await request(t.http)
      .post(`/api/v1/members/${members.anna}/mandates/${annaMandate.id}/revoke`)
      .set(auth(t.adminToken))
      .send({ date: businessToday() })
      .expect(400);
    expect(early.body).toEqual({
      errors: [{ field: 'date', template: 'mandateRevokedBeforeCollection', parameters: { '0': collectionDate } }],
    });
    await request(t.http)
      .post(`/api/v1/members/${members.anna}/mandates/${annaMandate.id}/revoke`)
      .set(auth(t.adminToken))
      .send({ date: collectionDate })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${members.anna}/mandates/${annaMandate.id}/revoke`)
      .set(auth(t.adminToken))
      .send({ date: collectionDate })
      .expect(400);
  });

  it('draws a due once when two clerks make a collection of it at the same moment', async () => {
    await grant(members.dora, { reference: 'EG-M-0004', signedOn: businessToday(), kind: 'recurring' }).expect(201);
    const both = await Promise.all(
      [0, 1].map(() =>
        request(t.http)
          .post('/api/v1/direct-debits')
          .set(auth(t.adminToken))
          .send({ collectionDate, balanceIds: [subscription.dora] }),
      ),
    );
    const drawn = both.filter((r) => r.status === 201 && (r.body as CollectionCreatedDto).count > 0);
    expect(drawn).toHaveLength(1);
    const refused = both.find((r) => r !== drawn[0])!;
    expect([refused.status, (refused.body as { errors?: { template: string }[] }).errors?.[0]?.template]).toEqual([
      400,
      'collectionEmpty',
    ]);
    expect((await dues(members.dora))[0]!.outstanding).toBe(0);
  });

  it('draws a due once when two API processes make a collection of it at the same moment (each serialises only its own)', async () => {
    await grant(members.cora, { reference: 'EG-M-0003', signedOn: businessToday(), kind: 'recurring' }).expect(201);
    // A second process: the same stores, its own handler (and so its own queue of collections).
    const here = t.running.app.get(CreateCollectionHandler, { strict: false });
    const there = collectionHandlerWith(t);
    const ctx = adminContext(t);
    const both = await Promise.allSettled(
      [here, there].map((handler) =>
        handler.execute(new CreateCollectionCommand(ctx, collectionDate, [subscription.cora!], new Date())),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ValidationError);
    expect((refused.reason as ValidationError).errors.map((e) => e.template)).toEqual(['collectionEmpty']);
    expect((await dues(members.cora))[0]!.outstanding).toBe(0);
  });

  it('keeps to the roles and the cooperative: a restricted user reads only, another cooperative sees nothing', async () => {
    const restricted = await userWith(t.http, t.adminToken, 'nur-lesen', ['ROLE_RESTRICTED_USER']);
    await request(t.http).get(`/api/v1/members/${members.anna}/mandates`).set(auth(restricted.token)).expect(200);
    await request(t.http).get(`/api/v1/direct-debits/${collection.id}/file`).set(auth(restricted.token)).expect(200);
    await grant(members.cora, { reference: 'EG-M-0003', signedOn: businessToday() }, restricted.token).expect(403);
    await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(restricted.token))
      .send({ collectionDate, balanceIds: [subscription.cora] })
      .expect(403);

    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    const other = await userWith(
      t.http,
      t.adminToken,
      'andere-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (created.body as { id: string }).id,
    );
    await request(t.http).get(`/api/v1/members/${members.anna}/mandates`).set(auth(other.token)).expect(404);
    await grant(members.cora, { reference: 'EG-M-0003', signedOn: businessToday() }, other.token).expect(404);
    await request(t.http).get(`/api/v1/direct-debits/${collection.id}/file`).set(auth(other.token)).expect(404);
    await request(t.http)
      .post(`/api/v1/members/${members.anna}/mandates/${annaMandate.id}/revoke`)
      .set(auth(other.token))
      .send({ date: businessToday() })
      .expect(404);
    await request(t.http).get('/api/v1/direct-debits').set(auth(other.token)).expect(204);
    // Another cooperative's subscriptions are unknown dues there; the request's limits hold before any work.
    await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(other.token))
      .send({ collectionDate, balanceIds: [subscription.cora] })
      .expect(400);
    const tooMany = await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: Array.from({ length: 10_001 }, (_, i) => String(i)) })
      .expect(400);
    expect((tooMany.body as { errors: { template: string }[] }).errors.map((e) => e.template)).toContain(
      'mustBeAtMost',
    );
  });
});
