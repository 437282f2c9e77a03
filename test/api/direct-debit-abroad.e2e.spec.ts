import request from 'supertest';
import { businessToday, type CollectionCreatedDto, type ShareDueDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { pain008Violations } from '../../services/src/direct-debits/sepa/pain008-rules.js';
import { parsePain, type XmlNode } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';
import { textGet } from './support/downloads.js';

/**
 * Decision 310: a member paying in from a Swiss account (SEPA, outside the EEA). The collection's pain.008 file names
 * the member's address and the cooperative's, structured, as the EPC SDD rulebook asks there; it named neither, so the
 * bank refused the debit.
 */
const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
const fields = (node: XmlNode | undefined): string[][] => (node?.children ?? []).map((c) => [c.name, c.text]);

describe('a direct debit from an account outside the EEA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
  }, 90_000);
  afterAll(async () => t.close());

  it("names the member's and the cooperative's address in the file", async () => {
    const member = await createMember(t.http, t.adminToken, {
      name: 'Müller',
      givenName: 'Jürg',
      street: 'Bahnhofstrasse',
      streetHomeNumber: '1',
      zipCode: '8001',
      city: 'Zürich',
      isForeign: true,
      state: null,
      country: 'CH',
      iban: 'CH9300762011623852957',
      bic: 'UBSWCHZH80A',
      shareAmount: 2,
    });
    const [due] = (
      await request(t.http).get(`/api/v1/members/${member.id}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${member.id}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-M-CH-1', signedOn: '2025-01-02', kind: 'recurring' })
      .expect(201);
    const collection = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [due!.id] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect(collection.count).toBe(1);
    const file = await textGet(t.http, t.adminToken, `/api/v1/direct-debits/${collection.id}/file`).expect(200);
    const doc = parsePain(file.body as string);
    expect(pain008Violations(doc)).toEqual([]);
    const block = at(doc, 'CstmrDrctDbtInitn', 'PmtInf');
    expect(fields(at(block, 'DrctDbtTxInf', 'Dbtr', 'PstlAdr'))).toEqual([
      ['StrtNm', 'Bahnhofstrasse 1'],
      ['PstCd', '8001'],
      ['TwnNm', 'Zuerich'],
      ['Ctry', 'CH'],
    ]);
    expect(fields(at(block, 'Cdtr', 'PstlAdr')).map(([name]) => name)).toEqual(['StrtNm', 'PstCd', 'TwnNm', 'Ctry']);
  });
});
