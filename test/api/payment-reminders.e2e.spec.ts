import request from 'supertest';
import {
  businessToday,
  type PaymentReminderDto,
  type PaymentReminderDueDto,
  type PaymentReminderRunDto,
} from '@coop/contracts';
import { addDays } from '../../services/src/payment-reminders/domain/reminder-rule.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';

/** Business today and `n` days from it: a reminder is dated from a week back to today (decision 356). */
const today = businessToday();
const day = (n: number): string => addDays(today, n);
const german = (date: string): string => date.split('-').reverse().join('.');
/** Anna's and Bernd's subscriptions; reminders 3 days after what is due, and 3 days apart. */
const ANNA = day(-20);
const BERND = day(-12);

/**
 * Issue 45, reminders: members whose payment on shares is overdue by the cooperative's days (here 3) are listed with
 * the next level; sending records the reminder on each member once (a retry sends none twice), in German letters with the
 * address, what is due and since when, and the cooperative's account; a payment starts the levels again; another
 * cooperative's members never show; the roles: clerks send, a restricted user reads.
 */
describe('payment reminders: the due list, the sending, the letters', () => {
  let t: TestApp;
  let anna: { id: string; memberNr: number };
  let bernd: { id: string; memberNr: number };
  let paidUp: string;
  let stranger: string;
  let otherToken: string;
  let firstRun: PaymentReminderRunDto;

  const due = async (date: string, token = t.adminToken): Promise<PaymentReminderDueDto[]> => {
    const res = await request(t.http).get(`/api/v1/payment-reminders/due?date=${date}`).set(auth(token));
    if (res.status === 204) return [];
    expect(res.status).toBe(200);
    return res.body as PaymentReminderDueDto[];
  };
  const send = async (date: string, memberIds: string[], token = t.adminToken): Promise<PaymentReminderRunDto> =>
    (await request(t.http).post('/api/v1/payment-reminders').set(auth(token)).send({ date, memberIds }).expect(201))
      .body as PaymentReminderRunDto;
  /** A subscription of `quantity` shares on `date` of which `paid` cents were paid (the register's payment corrected). */
  const subscribe = async (
    memberId: string,
    quantity: number,
    date: string,
    paid: number,
    token = t.adminToken,
  ): Promise<void> => {
    const b = await posted(t.http, token, {
      member: memberId,
      type: 1,
      quantity,
      date,
      approvalDate: date,
      interestBegin: date,
    });
    await request(t.http).put(`/api/v1/shares/${b.id}`).set(auth(token)).send({ rueckpfleinzahlung: paid }).expect(200);
  };
  const letters = (runId: string, token = t.adminToken): request.Test =>
    request(t.http)
      .get(`/api/v1/payment-reminders/${runId}/letters.pdf`)
      .set(auth(token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken, { reminderAfterDays: 3 });
    const a = await createMember(t.http, t.adminToken, {
      givenName: 'Anna',
      name: 'Zahlmann',
      street: 'Lindenweg',
      streetHomeNumber: '7',
      zipCode: '12345',
      city: 'Musterstadt',
    });
    anna = { id: a.id, memberNr: a.memberNr as number };
    await subscribe(a.id, 2, ANNA, 0);
    const b = await createMember(t.http, t.adminToken, {
      givenName: 'Bernd',
      name: 'Säumig',
      salutation: 'Herr',
      postalSalutation: 'male',
      street: 'Am Bach',
      streetHomeNumber: '3a',
      zipCode: '54321',
      city: 'Dorfen',
    });
    bernd = { id: b.id, memberNr: b.memberNr as number };
    await subscribe(b.id, 1, BERND, 10_000);
    paidUp = (await createMember(t.http, t.adminToken, { name: 'Pünktlich' })).id;
    await subscribe(paidUp, 1, ANNA, 25_000);
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    otherToken = (
      await userWith(
        t.http,
        t.adminToken,
        'andere-admin',
        ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
        (other.body as { id: string }).id,
      )
    ).token;
    await setTerms(t.http, otherToken, (other.body as { id: string }).id, 25000, 1);
    stranger = (await createMember(t.http, otherToken, { name: 'Fremd' })).id;
    // The other cooperative reminds 14 days after what is due (its default terms).
    await subscribe(stranger, 1, day(-30), 0, otherToken);
  });
  afterAll(async () => t.close());

  it('lists the members overdue by the days of the payment terms, oldest due first, with level and amount', async () => {
    // Due since 20 and 12 days ago; 3 days after the first, neither is overdue yet.
    expect(await due(day(-17))).toEqual([]);
    const rows = await due(day(-7));
    expect(rows.map((r) => [r.id, r.memberNr, r.level, r.amount, r.dueSince, r.lastReminder])).toEqual([
      [anna.id, anna.memberNr, 1, 50_000, ANNA, null],
      [bernd.id, bernd.memberNr, 1, 15_000, BERND, null],
    ]);
    expect(rows[1]!.subscriptions).toEqual([
      expect.objectContaining({ date: BERND, quantity: 1, amount: 15_000, dueSince: BERND }),
    ]);
    expect((await due(day(-7), otherToken)).map((r) => r.id)).toEqual([stranger]);
  });

  it('records each reminder once: a retry of the same sending sends none twice', async () => {
    firstRun = await send(day(-7), [anna.id, bernd.id, paidUp, stranger]);
    expect(firstRun).toMatchObject({ date: day(-7), sent: 2, skipped: 2, amount: 65_000 });
    const retry = await send(day(-7), [anna.id, bernd.id]);
    expect(retry).toMatchObject({ sent: 0, skipped: 2, amount: 0 });
    const mine = (
      await request(t.http).get(`/api/v1/payment-reminders?member=${anna.id}`).set(auth(t.adminToken)).expect(200)
    ).body as PaymentReminderDto[];
    expect(mine.map((r) => [r.member, r.memberNr, r.level, r.date, r.dueSince, r.amount, r.runId])).toEqual([
      [anna.id, anna.memberNr, 1, day(-7), ANNA, 50_000, firstRun.runId],
    ]);
    // The member's history names the reminder.
    const history = (
      await request(t.http).get(`/api/v1/members/${anna.id}/history`).set(auth(t.adminToken)).expect(200)
    ).body as { type: string; reminder?: object }[];
    expect(history.filter((e) => e.type === 'PaymentReminderSent').map((e) => e.reminder)).toEqual([
      { level: 1, date: day(-7), amount: 50_000, dueSince: ANNA },
    ]);
    // The other cooperative's member was not reminded by this one.
    await request(t.http).get(`/api/v1/payment-reminders?member=${stranger}`).set(auth(otherToken)).expect(204);
    // Not again before 3 days have passed since the last reminder; then the second.
    expect(await due(day(-5))).toEqual([]);
    expect((await due(day(-4))).map((r) => [r.id, r.level, r.lastReminder])).toEqual([
      [anna.id, 2, day(-7)],
      [bernd.id, 2, day(-7)],
    ]);
  });

  it('writes the letters in German: address, salutation, what is due and since when, the account, the member number', async () => {
    const res = await letters(firstRun.runId).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Mahnungen-${day(-7)}.pdf`);
    const pages = await pdfPages(res.body as Buffer);
    expect(pages).toHaveLength(2);
    const [first, second] = pages.map((p) => p.join('\n'));
    for (const text of [
      'Energiegenossenschaft Musterstadt eG',
      'Anna Zahlmann',
      'Lindenweg 7',
      '12345 Musterstadt',
      'Sehr geehrte Frau Zahlmann,',
      'Zahlungserinnerung: Einzahlung auf Ihre Geschäftsanteile',
      german(ANNA),
      '500,00 EUR',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      `Mitgliedsnummer ${anna.memberNr}`,
      `Datum: ${german(day(-7))}`,
    ])
      expect(first).toContain(text);
    for (const text of [
      'Bernd Säumig',
      'Am Bach 3a',
      '54321 Dorfen',
      'Sehr geehrter Herr Säumig,',
      german(BERND),
      '150,00 EUR',
      `Mitgliedsnummer ${bernd.memberNr}`,
    ])
      expect(second).toContain(text);
    await letters(firstRun.runId, otherToken).expect(404);
    await letters('00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('starts the levels again after a payment, up to the last reminder', async () => {
    await request(t.http)
      .post(`/api/v1/members/${bernd.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: day(-5), amount: 5_000, method: 'transfer' })
      .expect(201);
    const second = await send(day(-4), [anna.id, bernd.id]);
    expect(second).toMatchObject({ sent: 2, amount: 60_000 });
    const levels = (
      await request(t.http).get(`/api/v1/payment-reminders?member=${bernd.id}`).set(auth(t.adminToken)).expect(200)
    ).body as PaymentReminderDto[];
    expect(levels.map((r) => [r.level, r.date, r.amount])).toEqual([
      [1, day(-4), 10_000],
      [1, day(-7), 15_000],
    ]);
    const third = await send(day(-1), [anna.id]);
    expect(third).toMatchObject({ sent: 1, amount: 50_000 });
    const pages = await pdfPages((await letters(third.runId).expect(200)).body as Buffer);
    expect(pages.flat().join('\n')).toContain('Letzte Mahnung: Einzahlung auf Ihre Geschäftsanteile');
    // After the last reminder no further one.
    expect((await due(today)).map((r) => [r.id, r.level])).toEqual([[bernd.id, 2]]);
  });

  it('refuses a reminder dated after today or more than a week back; the due list shows any day (decision 356)', async () => {
    // The probe: letters dated ahead (up to 2199) or weeks back reached the last reminder on one day.
    const refused = async (date: string): Promise<unknown> =>
      (
        await request(t.http)
          .post('/api/v1/payment-reminders')
          .set(auth(t.adminToken))
          .send({ date, memberIds: [bernd.id] })
          .expect(400)
      ).body;
    for (const date of [day(1), day(60), '2199-12-31'])
      expect(await refused(date)).toEqual({
        errors: [{ field: 'date', template: 'dateInFuture', parameters: { 0: date } }],
      });
    for (const date of [day(-8), day(-40)])
      expect(await refused(date)).toEqual({
        errors: [{ field: 'date', template: 'reminderDateTooEarly', parameters: { 0: day(-7) } }],
      });
    expect((await due(day(60))).map((r) => [r.id, r.level])).toEqual([[bernd.id, 2]]);
    const history = (
      await request(t.http).get(`/api/v1/payment-reminders?member=${bernd.id}`).set(auth(t.adminToken)).expect(200)
    ).body as PaymentReminderDto[];
    expect(history.map((r) => r.level)).toEqual([1, 1]);
  });

  it('lets clerks send and a restricted user read; refuses hostile input before any work', async () => {
    const restricted = await userWith(t.http, t.adminToken, 'nur-lesen', ['ROLE_RESTRICTED_USER']);
    expect((await due(today, restricted.token)).length).toBe(1);
    await request(t.http)
      .post('/api/v1/payment-reminders')
      .set(auth(restricted.token))
      .send({ date: today, memberIds: [bernd.id] })
      .expect(403);
    await letters(firstRun.runId, restricted.token).expect(200);
    const many = Array.from({ length: 2001 }, (_, i) => `m${i}`);
    const tooMany = await request(t.http)
      .post('/api/v1/payment-reminders')
      .set(auth(t.adminToken))
      .send({ date: today, memberIds: many })
      .expect(400);
    expect(tooMany.body).toEqual({
      errors: [{ field: 'memberIds', template: 'mustBeAtMost', parameters: { 0: '2000' } }],
    });
    const bad = await request(t.http)
      .post('/api/v1/payment-reminders')
      .set(auth(t.adminToken))
      .send({ date: '2026-02-30', memberIds: ['x'.repeat(65)] })
      .expect(400);
    expect(
      (bad.body as { errors: { field: string; template: string }[] }).errors.map((e) => [e.field, e.template]),
    ).toEqual([
      ['date', 'invalidDate'],
      ['memberIds', 'tooLong'],
    ]);
    await request(t.http).get('/api/v1/payment-reminders/due?date=2026-13-01').set(auth(t.adminToken)).expect(400);
    // A probe: 9999-12-31 answered 200, 0000-01-01 204; a business date lies in 1900..2199 (docs/security.md).
    for (const date of ['9999-12-31', '0000-01-01']) {
      const far = await request(t.http).get(`/api/v1/payment-reminders/due?date=${date}`).set(auth(t.adminToken));
      expect([far.status, far.body]).toEqual([
        400,
        { errors: [{ field: 'date', template: 'dateOutOfRange', parameters: { 0: '1900-01-01', 1: '2199-12-31' } }] },
      ]);
    }
    await request(t.http)
      .get(`/api/v1/payment-reminders?member=${'x'.repeat(65)}`)
      .set(auth(t.adminToken))
      .expect(400);
  });
});
