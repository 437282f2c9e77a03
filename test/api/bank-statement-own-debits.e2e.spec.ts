import request from 'supertest';
import {
  businessToday,
  type BankStatementDetailDto,
  type CollectionCreatedDto,
  type DirectDebitPaymentDto,
  type ShareDueDto,
} from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { endToEndIdOf } from '../../services/src/direct-debits/sepa/collection-file.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';

/**
 * Decision 352 (a review's probe): a collection books each debit as a payment on shares when it is made; days later the
 * bank credits the same money on the statement, the remittance text the product wrote names the member, and the
 * matching proposed to book it again: the member's shares read paid in full with half of the money received. The
 * credit whose end-to-end id is one of the cooperative's collected debits is not proposed, and booking it is refused.
 */
const credit = (amount: string, text: string, endToEndId: string): string =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${businessToday()}</Dt></BookgDt><AcctSvcrRef>R-${endToEndId.slice(0, 8)}</AcctSvcrRef>` +
  `<NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const camt = (statementId: string, entries: string): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M-${statementId}</MsgId></GrpHdr>` +
      `<Stmt><Id>${statementId}</Id><FrToDt><FrDtTm>2025-04-02T00:00:00</FrDtTm><ToDtTm>2025-04-02T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`,
  );

describe("a bank statement's credit of the cooperative's own direct debit", () => {
  let t: TestApp;
  let member: string;
  let memberNr: number;
  let debit: DirectDebitPaymentDto;
  const dues = async (): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${member}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    const created = await createMember(t.http, t.adminToken, { name: 'Lastschrift', shareAmount: 4 });
    [member, memberNr] = [created.id, created.memberNr!];
    const [due] = await dues();
    // 1,000 € subscribed, nothing paid: the collection draws it.
    await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${member}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-OWN-1', signedOn: '2025-01-02', kind: 'recurring' })
      .expect(201);
    const collection = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [due!.id] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect(collection.count).toBe(1);
    const debits = (
      await request(t.http).get(`/api/v1/members/${member}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(debits).toHaveLength(1);
    debit = debits[0]!;
  }, 60_000);
  afterAll(async () => t.close());

  it('is not proposed for booking again, and booking it for the member is refused; the shares stay paid once', async () => {
    expect((await dues()).map((d) => [d.paid, d.outstanding])).toEqual([[100_000, 0]]);
    const text = `Einzahlung Geschaeftsanteile Mitgl-Nr ${memberNr}`;
    // Banks give the end-to-end id back as it was sent; in capitals it is the same debit.
    const statement = (
      await request(t.http)
        .post('/api/v1/bank-statements')
        .set(auth(t.adminToken))
        .attach(
          'file',
          camt(
            'OWN-1',
            credit('1000.00', text, endToEndIdOf(debit.id).toUpperCase()) + credit('1000.00', text, 'NOTPROVIDED'),
          ),
          'auszug.xml',
        )
        .expect(201)
    ).body as BankStatementDetailDto;
    expect(statement.entryList.map((e) => [e.entryId, e.state, e.memberId, e.unmatched])).toEqual([
      ['1', 'unmatched', member, 'ownDirectDebit'],
      ['2', 'unmatched', member, 'nothingOutstanding'],
    ]);
    const refused = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '1', memberId: member }] })
      .expect(400);
    expect(refused.body).toEqual({
      errors: [
        { field: 'entries.0.entryId', template: 'bankStatementOwnDirectDebit', parameters: { 0: '1', 1: debit.date } },
      ],
    });
    expect((await dues()).map((d) => [d.paid, d.outstanding])).toEqual([[100_000, 0]]);
  });
});
