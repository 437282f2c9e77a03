import request from 'supertest';
import { businessToday, type CollectionCreatedDto, type ShareDueDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { pain008Violations } from '../../services/src/direct-debits/sepa/pain008-rules.js';
import { parsePain, type XmlNode } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms, validMember } from './support/members.js';
import { textGet } from './support/downloads.js';

/**
 * A probe (stop of 2026-12-03): a member whose IBAN is valid by its check digits but lies outside the SEPA scheme's
 * area (a Turkish account) was drawn by a collection's pain.008 file, a SEPA core direct debit the bank cannot collect,
 * and the debit was booked as paid in on the collection date. Such a member is now left out as one without a valid
 * IBAN (`noIban`), in the preview and in the collection; a Swiss account (SEPA, outside the EEA) is drawn as before.
 * A mandate is not granted on such an account (decision 409); the Turkish account here came after the mandate, when the
 * member moved.
 */
const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);

describe('a direct debit from an account outside the SEPA scheme', () => {
  let t: TestApp;
  const due: Record<'turkey' | 'swiss', ShareDueDto | undefined> = { turkey: undefined, swiss: undefined };
  const collectionDate = earliestCollectionDate(businessToday());

  const GERMAN = { iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };

  /** A member owing 500 euro on two shares, with a recurring mandate granted on a German account, then `iban`'s. */
  async function owingMember(name: string, iban: string, bic: string, reference: string): Promise<ShareDueDto> {
    const member = await createMember(t.http, t.adminToken, { name, ...GERMAN, shareAmount: 2 });
    const [owed] = (
      await request(t.http).get(`/api/v1/members/${member.id}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    await request(t.http)
      .put(`/api/v1/shares/${owed!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${member.id}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference, signedOn: '2025-01-02', kind: 'recurring' })
      .expect(201);
    await request(t.http)
      .put(`/api/v1/members/${member.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name, iban, bic }))
      .expect(200);
    return owed!;
  }

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    due.turkey = await owingMember('Yılmaz', 'TR330006100519786457841326', 'AKBKTRIS', 'EG-M-TR-1');
    due.swiss = await owingMember('Keller', 'CH9300762011623852957', 'UBSWCHZH80A', 'EG-M-CH-1');
  }, 90_000);
  afterAll(async () => t.close());

  it('refuses a mandate on the Turkish account, naming its country', async () => {
    const res = await request(t.http)
      .post(`/api/v1/members/${due.turkey!.member}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-M-TR-2', signedOn: '2025-01-02', kind: 'recurring' })
      .expect(400);
    expect(res.body.errors).toEqual([{ field: null, template: 'mandateIbanOutsideSepa', parameters: { 0: 'TR' } }]);
  });

  it('the preview leaves the Turkish account out as noIban and draws the Swiss one', async () => {
    const res = await request(t.http)
      .post('/api/v1/direct-debits/preview')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: [due.turkey!.id, due.swiss!.id] })
      .expect(200);
    expect(res.body).toMatchObject({
      count: 1,
      totalCents: 50000,
      skipped: [{ balanceId: due.turkey!.id, memberNr: due.turkey!.memberNr, reason: 'noIban' }],
    });
  });

  it('the collection and its file hold no debit from the Turkish account', async () => {
    const collection = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate, balanceIds: [due.turkey!.id, due.swiss!.id] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect(collection.count).toBe(1);
    expect(collection.skipped).toEqual([expect.objectContaining({ balanceId: due.turkey!.id, reason: 'noIban' })]);
    const file = await textGet(t.http, t.adminToken, `/api/v1/direct-debits/${collection.id}/file`).expect(200);
    const doc = parsePain(file.body as string);
    expect(pain008Violations(doc)).toEqual([]);
    const ibans = (at(doc, 'CstmrDrctDbtInitn', 'PmtInf')?.children ?? [])
      .filter((c) => c.name === 'DrctDbtTxInf')
      .map((d) => at(d, 'DbtrAcct', 'Id', 'IBAN')?.text);
    expect(ibans).toEqual(['CH9300762011623852957']);
    // Nothing was booked as paid on the Turkish member's subscription.
    const [after] = (
      await request(t.http).get(`/api/v1/members/${due.turkey!.member}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    expect(after?.outstanding).toBe(50000);
  });
});
