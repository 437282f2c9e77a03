import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DividendDto, MemberDto } from '@coop/contracts';
import { EXECUTION, MOVED, PAYMENT } from './support/dividend.js';
import { pain001Violations, parsePain } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms, validMember } from './support/members.js';
import { THIS_YEAR } from './support/tax-papers.js';
import { textAt, textGet } from './support/downloads.js';

/*
 * The SEPA payment file of a closure through the API (issue 25; DOMAIN.md 7): the file, pain.001.001.09 by the schema's
 * rules, parsed back and compared with the closure to the cent; another cooperative's closure (404); then a member
 * paid whose master data was erased (no IBAN any more: the API never saves a member or a cooperative without bank
 * data, so that is how one arises): the check and the refusal name the member. The cooperative's refusals: unit test.
 */
const LAST = THIS_YEAR - 1;
const closureParams = {
  year: String(LAST),
  type: 'percent',
  amount: '10',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: PAYMENT,
};
const from = { entryDate: `${LAST}-01-01`, approvalDate: `${LAST}-01-01`, interestBegin: `${LAST}-01-01` };
/** A refusal's errors (the download's parser keeps the body as text: JSON for a refusal). */
const errorsOf = (res: request.Response) =>
  (JSON.parse(typeof res.body === 'string' ? res.body : res.text) as { errors: unknown[] }).errors;
const sepa = (http: App, token: string, id: string): request.Test =>
  textGet(http, token, `/api/v1/dividend/sepa/${id}`);
const at = textAt;

describe('dividend: the SEPA payment file', () => {
  let t: TestApp;
  let otherAdmin: string;
  let restricted: string;
  let closure: DividendDto;
  let erased: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'sepa-other-eg' }));
    otherAdmin = (
      await userWith(
        t.http,
        t.adminToken,
        'sepa-other-admin',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (coop.body as { id: string }).id,
      )
    ).token;
    restricted = (await userWith(t.http, t.adminToken, 'sepa-restricted', ['ROLE_RESTRICTED_USER'])).token;
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10, 1);
    await createMember(t.http, t.adminToken, {
      ...from,
      givenName: 'Jürgen',
      name: 'Größe-Ærø',
      shareAmount: 12_345,
      iban: 'DE02 1203 0000 0000 2020 51',
      bic: 'BYLADEM1001',
    });
    erased = await createMember(t.http, t.adminToken, {
      ...from,
      givenName: 'Vera',
      name: 'Vergessen',
      shareAmount: 100_000,
      iban: 'DE75512108001245126199',
      bic: 'SOGEDEFFXXX',
      accountHolder: 'Jörg Vormund',
    });
    // The account holder changed after admission: the file names the holder as kept now.
    const changed = await request(t.http)
      .put(`/api/v1/members/${erased.id}`)
      .set(auth(t.adminToken))
      .send(
        validMember({
          ...from,
          givenName: 'Vera',
          name: 'Vergessen',
          iban: 'DE75512108001245126199',
          bic: 'SOGEDEFFXXX',
          accountHolder: 'Jörg und Vera Vergessen',
        }),
      );
    expect(changed.status).toBe(200);
    const firm = {
      legalForm: 1,
      postalSalutation: 'company',
      salutation: null,
      givenName: null,
      birthDate: null,
      civilStatus: null,
    };
    await createMember(t.http, t.adminToken, { ...from, name: 'Sieben & Partner GmbH', ...firm, shareAmount: 123_456 });
    const res = await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send(closureParams);
    expect(res.status).toBe(201);
    closure = res.body as DividendDto;
  }, 60_000);
  afterAll(async () => t.close());

  it('downloads sepa.xml by the schema’s rules, every transfer equal to the closure to the cent, the account holder as payee when kept', async () => {
    const res = await sepa(t.http, restricted, closure.id!).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    // Named for what it holds (issue 43; it was `sepa.xml`).
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Dividende-${LAST}-SEPA-Energiegenossenschaft-Musterstadt-eG.xml"; filename*=UTF-8''Dividende-${LAST}-SEPA-Energiegenossenschaft-Musterstadt-eG.xml`,
    );
    const doc = parsePain(res.body as string);
    expect(pain001Violations(doc)).toEqual([]);
    const block = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!;
    const transfers = block.children.filter((c) => c.name === 'CdtTrfTxInf');
    const paid = closure.members.filter((m) => m.paymentAmount > 0).sort((a, b) => a.memberNr - b.memberNr);
    expect(paid).toHaveLength(3);
    expect(
      transfers.map((x) => [
        at(x, 'PmtId', 'EndToEndId'),
        Math.round(Number(at(x, 'Amt', 'InstdAmt')) * 100),
        at(x, 'Purp', 'Cd'),
      ]),
    ).toEqual(paid.map((m) => [`DIV${LAST}-M${m.memberNr}`, m.paymentAmount, 'DIVD']));
    expect(
      transfers.map((x) => [
        at(x, 'Cdtr', 'Nm'),
        at(x, 'CdtrAcct', 'Id', 'IBAN'),
        at(x, 'CdtrAgt', 'FinInstnId', 'BICFI'),
      ]),
    ).toEqual([
      ['Juergen Groesse-Aero', 'DE02120300000000202051', 'BYLADEM1001'],
      ['Joerg und Vera Vergessen', 'DE75512108001245126199', 'SOGEDEFFXXX'],
      ['Sieben + Partner GmbH', 'DE89370400440532013000', 'COBADEFFXXX'],
    ]);
    const first = paid[0]!;
    const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
    expect(at(transfers[0], 'RmtInf', 'Ustrd')).toBe(
      `Dividende GJ ${LAST} Mitgl-Nr ${first.memberNr} brutto ${euros(first.dividend)} KapESt ${euros(first.dividendTax)} SolZ ${euros(first.solidarityTax)} KiSt ${euros(first.churchTax)} netto ${euros(first.paymentAmount)}`,
    );
    const header = doc.children[0]!.children.find((c) => c.name === 'GrpHdr');
    expect([at(header, 'NbOfTxs'), Math.round(Number(at(header, 'CtrlSum')) * 100)]).toEqual([
      '3',
      closure.paymentAmount,
    ]);
    expect([at(block, 'ReqdExctnDt', 'Dt'), at(block, 'Dbtr', 'Nm')]).toEqual([
      EXECUTION,
      'Energiegenossenschaft Musterstadt eG',
    ]);
    const again = parsePain((await sepa(t.http, restricted, closure.id!).expect(200)).body as string);
    expect(
      at(
        again.children[0]!.children.find((c) => c.name === 'GrpHdr'),
        'MsgId',
      ),
    ).not.toBe(at(header, 'MsgId'));
  });

  it('answers 404 for another cooperative’s closure and an unknown one', async () => {
    for (const path of [
      `/api/v1/dividend/sepa/${closure.id}`,
      `/api/v1/dividend/sepa/${closure.id}/check`,
      '/api/v1/dividend/sepa/unknown',
    ]) {
      const res = await request(t.http).get(path).set(auth(otherAdmin)).expect(404);
      expect(errorsOf(res)).toEqual([expect.objectContaining({ template: 'dividendNotFound' })]);
    }
  });

  // Issue 38: `<>` or a name wholly in a script without a rule wrote an empty <Nm> while the check reported nothing.
  it('transliterates a Cyrillic payee name, and refuses one the file cannot carry in the check and the download', async () => {
    const byNr = [...closure.members].sort((a, b) => a.memberNr - b.memberNr);
    const [juergen, , firm] = byNr as [(typeof byNr)[number], unknown, (typeof byNr)[number]];
    const firmFields = {
      legalForm: 1,
      postalSalutation: 'company',
      salutation: null,
      givenName: null,
      birthDate: null,
      civilStatus: null,
    };
    const holder = async (id: string, fields: Record<string, unknown>): Promise<void> => {
      await request(t.http)
        .put(`/api/v1/members/${id}`)
        .set(auth(t.adminToken))
        .send(validMember({ ...from, ...fields }))
        .expect(200);
    };
    const jurgenFields = { givenName: 'Jürgen', name: 'Größe-Ærø', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
    const firmBase = { name: 'Sieben & Partner GmbH', ...firmFields };
    try {
      await holder(juergen.member, { ...jurgenFields, accountHolder: 'Иванова Мария' });
      for (const unnamed of ['<>', '王小明']) {
        await holder(firm.member, { ...firmBase, accountHolder: unnamed });
        const expected = [
          { field: null, template: 'sepaNameNotRepresentable', parameters: { '0': String(firm.memberNr) } },
        ];
        expect(
          (await request(t.http).get(`/api/v1/dividend/sepa/${closure.id}/check`).set(auth(restricted)).expect(200))
            .body.errors,
        ).toEqual(expected);
        expect(errorsOf(await sepa(t.http, t.adminToken, closure.id!).expect(400))).toEqual(expected);
      }
      await holder(firm.member, firmBase);
      const doc = parsePain((await sepa(t.http, t.adminToken, closure.id!).expect(200)).body as string);
      const names = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!
        .children.filter((c) => c.name === 'CdtTrfTxInf')
        .map((x) => at(x, 'Cdtr', 'Nm'));
      expect(names[0]).toBe('Ivanova Mariya');
    } finally {
      await holder(juergen.member, jurgenFields);
      await holder(firm.member, firmBase);
    }
  });

  it('refuses the file once a member paid has no IBAN (erased), naming the member; the check says the same', async () => {
    await t.running.storage.keys.erase(`member-${erased.id}`);
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    const expected = [{ field: null, template: 'memberBankDataMissing', parameters: { '0': String(erased.memberNr) } }];
    expect(errorsOf(await sepa(t.http, t.adminToken, closure.id!).expect(400))).toEqual(expected);
    const check = (
      await request(t.http).get(`/api/v1/dividend/sepa/${closure.id}/check`).set(auth(restricted)).expect(200)
    ).body as { transfers: number; controlSum: number; errors: unknown[] };
    expect(check).toEqual({
      transfers: 3,
      controlSum: closure.members.reduce((s, m) => s + m.paymentAmount, 0),
      errors: expected,
      notices: MOVED,
    });
  });
});
