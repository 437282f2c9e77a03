import request from 'supertest';
import {
  dividendRegisterStream,
  type BalanceDto,
  type EventMetadata,
  type FieldError,
  type MemberDto,
  type NewEvent,
} from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, post, posted, setTerms, validMember } from './support/members.js';

/**
 * Issue 23: once a year's dividend is closing or closed (the register `dividends-<coop>`, appended here through the
 * running app's event store as the dividend's closure appends it), postings, transfers, annulations, notices and
 * admissions dated in or before that year are refused with `closedYear`; those after it pass.
 */
describe('postings into closed years (closedYear)', () => {
  let t: TestApp;
  let giver: MemberDto;
  let taker: MemberDto;
  let before2025: BalanceDto;
  let transfer2025: BalanceDto;
  let late: MemberDto;

  const at = (date: string) => ({ date, approvalDate: date, confirmWarnings: true });
  const closedYear = (...fields: string[]): { errors: FieldError[] } => ({
    errors: fields.map((field) => ({ field, template: 'closedYear', parameters: { '0': '2025' } })),
  });
  const refused = async (body: Record<string, unknown>): Promise<unknown> => {
    const res = await post(t.http, t.adminToken, body);
    expect(res.status).toBe(400);
    return res.body;
  };

  /** Appends to the cooperative's dividend register, as `POST /dividend/store` does. */
  async function register(type: 'DividendYearClosing' | 'DividendYearClosed', year: number): Promise<void> {
    const stream = dividendRegisterStream(t.cooperativeId);
    const events = t.running.storage.events;
    const head = (await events.readStream(stream)).length - 1;
    const metadata: EventMetadata = {
      cooperativeId: t.cooperativeId,
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    };
    const event = {
      type,
      data: { cooperativeId: t.cooperativeId, year, dividendId: `d-${year}` },
      metadata,
    } as NewEvent;
    await events.append(stream, head < 0 ? 'no_stream' : head, [event]);
  }

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    giver = await createMember(t.http, t.adminToken, { name: 'Geber', shareAmount: 6 });
    taker = await createMember(t.http, t.adminToken, { name: 'Nehmer', shareAmount: 2 });
    // Made while 2025 was open.
    before2025 = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 1,
      quantity: 1,
      ...at('2025-03-01'),
      interestBegin: '2025-04-01',
    });
    transfer2025 = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 1,
      transferTo: taker.id,
      ...at('2025-05-02'),
      interestBegin: '2025-05-02',
    });
    late = await createMember(t.http, t.adminToken, {
      name: 'Verstorben',
      shareAmount: 2,
      entryDate: '2023-01-02',
      approvalDate: '2023-01-02',
      interestBegin: '2023-02-01',
      confirmWarnings: true,
    });
    await register('DividendYearClosing', 2024);
    await register('DividendYearClosed', 2024);
    await register('DividendYearClosing', 2025);
  });
  afterAll(async () => t.close());

  it('refuses additional shares dated in the year closing, and one bearing dividend from it', async () => {
    expect(
      await refused({ member: giver.id, type: 1, quantity: 1, ...at('2025-06-10'), interestBegin: '2025-07-01' }),
    ).toEqual(closedYear('date', 'interestBegin'));
    expect(
      await refused({ member: giver.id, type: 1, quantity: 1, ...at('2026-01-10'), interestBegin: '2025-12-01' }),
    ).toEqual(closedYear('interestBegin'));
    expect(
      await refused({ member: giver.id, type: 1, quantity: 1, ...at('2024-06-10'), interestBegin: '2026-01-01' }),
    ).toEqual(closedYear('date'));
  });

  it('refuses a transfer dated in the year closing, and the annulation of postings and transfers made in it', async () => {
    expect(
      await refused({
        member: giver.id,
        type: 3,
        quantity: 1,
        transferTo: taker.id,
        ...at('2025-12-31'),
        interestBegin: '2026-01-01',
      }),
    ).toEqual(closedYear('date'));
    expect(await refused({ type: 5, annulPeer: before2025.id })).toEqual(closedYear('annulPeer'));
    expect(await refused({ type: 5, annulPeer: transfer2025.id })).toEqual(closedYear('annulPeer'));
    expect(await refused({ type: 5, annulPeer: transfer2025.transferPeer })).toEqual(closedYear('annulPeer'));
  });

  it("takes a death recorded late that took effect on the closing year's last day: it reduces only the open year after it", async () => {
    const death = await posted(t.http, t.adminToken, {
      member: late.id,
      type: 6,
      ...at('2025-06-01'),
      noticeDate: '2025-06-01',
      interestBegin: '2026-01-01',
    });
    expect(death).toMatchObject({ type: 6, date: '2025-12-31' });
    expect(await member(t.http, t.adminToken, late.id)).toMatchObject({ exitDate: '2025-12-31' });
  });

  it('refuses an admission entering in the year closing', async () => {
    const res = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(
        validMember({
          name: 'Spät',
          entryDate: '2025-05-01',
          approvalDate: '2025-05-02',
          interestBegin: '2025-06-01',
          confirmWarnings: true,
        }),
      );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(closedYear('entryDate', 'interestBegin'));
  });

  it('has changed nothing: the holdings are those before the closure', async () => {
    expect(await member(t.http, t.adminToken, giver.id)).toMatchObject({ shareAmount: 6, exitDate: null });
    expect(await member(t.http, t.adminToken, taker.id)).toMatchObject({ shareAmount: 3 });
  });

  it('takes postings, transfers, annulations, notices and admissions in the next open year, also once the year is closed', async () => {
    await register('DividendYearClosed', 2025);
    const added = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 1,
      quantity: 2,
      ...at('2026-01-02'),
      interestBegin: '2026-02-01',
    });
    const moved = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 1,
      transferTo: taker.id,
      ...at('2026-02-01'),
      interestBegin: '2026-02-01',
    });
    await posted(t.http, t.adminToken, { type: 5, annulPeer: added.id, ...at('2026-03-01') });
    await posted(t.http, t.adminToken, { type: 5, annulPeer: moved.id, ...at('2026-03-01') });
    const noticed = await posted(t.http, t.adminToken, {
      member: taker.id,
      type: 8,
      ...at('2026-06-01'),
      noticeDate: '2026-06-01',
      interestBegin: '2026-06-01',
    });
    expect(noticed).toMatchObject({ type: 8, date: '2026-12-31' });
    // Withdrawn before it takes effect.
    await posted(t.http, t.adminToken, { type: 5, annulPeer: noticed.id, ...at('2026-07-01') });
    const late = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(
        validMember({
          name: 'Neu',
          entryDate: '2026-01-05',
          approvalDate: '2026-01-06',
          interestBegin: '2026-02-01',
          confirmWarnings: true,
        }),
      );
    expect(late.status).toBe(201);
    expect(await member(t.http, t.adminToken, giver.id)).toMatchObject({ shareAmount: 6 });
    expect(await member(t.http, t.adminToken, taker.id)).toMatchObject({ shareAmount: 3, exitDate: null });
  });

  it("reads only the cooperative's own register: another cooperative closing 2026 refuses nothing here", async () => {
    // The register of another cooperative does not touch this one's postings into 2026.
    const stream = dividendRegisterStream('another-cooperative');
    const metadata: EventMetadata = {
      cooperativeId: 'another-cooperative',
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    };
    await t.running.storage.events.append(stream, 'no_stream', [
      {
        type: 'DividendYearClosing',
        data: { cooperativeId: 'another-cooperative', year: 2026, dividendId: 'd-x' },
        metadata,
      } as NewEvent,
    ]);
    expect(
      (
        await post(t.http, t.adminToken, {
          member: giver.id,
          type: 1,
          quantity: 1,
          ...at('2026-04-01'),
          interestBegin: '2026-05-01',
        })
      ).status,
    ).toBe(201);
  });
});
