import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DividendDto, MemberDto } from '@coop/contracts';
import { parsePain, pain001Violations } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { holder, LAST, MOVED, params, store } from './support/dividend.js';
import { posted, setTerms } from './support/members.js';
import { textAt, textGet } from './support/downloads.js';

/*
 * § 77 GenG with DOMAIN.md 9.1 and 12a.8: the dividend of the year of death is the heirs'. A member who died in the
 * year closed: while the heirs' account is not recorded the payout goes, as before, to the account in the member's
 * master data, and the file's check says so by member number; once it is recorded (`POST /settlements/heirs`, the
 * account the settlement pays to), the dividend's transfer names the heirs' holder and IBAN. The living member's
 * transfer does not change. The heirs' taxes (25 % + Soli, no order, no church tax): dividend-pro-rata.e2e.
 */
const sepa = (http: App, token: string, id: string): request.Test =>
  textGet(http, token, `/api/v1/dividend/sepa/${id}`);
const at = textAt;

describe('dividend of the year of death: paid to the heirs', () => {
  let t: TestApp;
  let closure: DividendDto;
  let dead: MemberDto;
  let living: MemberDto;

  const payees = async (): Promise<(string | undefined)[][]> => {
    const res = await sepa(t.http, t.adminToken, closure.id!).expect(200);
    const doc = parsePain(res.body as string);
    expect(pain001Violations(doc)).toEqual([]);
    const block = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!;
    return block.children
      .filter((c) => c.name === 'CdtTrfTxInf')
      .map((x) => [at(x, 'PmtId', 'EndToEndId'), at(x, 'Cdtr', 'Nm'), at(x, 'CdtrAcct', 'Id', 'IBAN')]);
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10, 1);
    living = await holder(t.http, t.adminToken, 100_000, { givenName: 'Lena', name: 'Lebend' });
    dead = await holder(t.http, t.adminToken, 200_000, {
      givenName: 'Otto',
      name: 'Verstorben',
      iban: 'DE75512108001245126199',
      bic: 'SOGEDEFFXXX',
    });
    await posted(t.http, t.adminToken, {
      member: dead.id,
      type: 6,
      date: `${LAST}-03-10`,
      approvalDate: `${LAST}-03-10`,
      interestBegin: `${LAST}-03-10`,
      noticeDate: `${LAST}-03-10`,
    });
    const res = await store(t.http, t.adminToken, params(LAST));
    expect(res.status).toBe(201);
    closure = res.body as DividendDto;
  }, 60_000);
  afterAll(async () => t.close());

  it("without the heirs' account: the member's recorded account as before, and the check names the member", async () => {
    const check = await request(t.http).get(`/api/v1/dividend/sepa/${closure.id!}/check`).set(auth(t.adminToken));
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      transfers: 2,
      errors: [],
      notices: [
        { field: null, template: 'dividendHeirsAccountMissing', parameters: { 0: String(dead.memberNr) } },
        ...MOVED,
      ],
    });
    expect(await payees()).toEqual([
      [`DIV${LAST}-M${living.memberNr}`, 'Lena Lebend', 'DE89370400440532013000'],
      [`DIV${LAST}-M${dead.memberNr}`, 'Otto Verstorben', 'DE75512108001245126199'],
    ]);
  });

  it("with the heirs' account recorded: the transfer goes to the heirs' holder and IBAN, the check has no notice", async () => {
    await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(t.adminToken))
      .send({ memberId: dead.id, accountHolder: 'Erbengemeinschaft Verstorben', iban: 'DE02 1203 0000 0000 2020 51' })
      .expect(204);
    const check = await request(t.http).get(`/api/v1/dividend/sepa/${closure.id!}/check`).set(auth(t.adminToken));
    expect(check.body).toMatchObject({ transfers: 2, errors: [], notices: MOVED });
    expect(await payees()).toEqual([
      [`DIV${LAST}-M${living.memberNr}`, 'Lena Lebend', 'DE89370400440532013000'],
      [`DIV${LAST}-M${dead.memberNr}`, 'Erbengemeinschaft Verstorben', 'DE02120300000000202051'],
    ]);
  });
});
