import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { CleanMemberResult, FileStore, MemberDto, TaskDto } from '@coop/contracts';
import { FILE_STORE } from '../../services/src/platform/file-store/open-file-store.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { pain008Xml, pain008XmlViolations, type SepaDebit } from '../../services/src/direct-debits/index.js';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import { until } from './support/tasks.js';

/*
 * The files the clean-up of former members (issue 27) must reach besides the sealed event log (decisions 364, 365):
 * a collection's pain.008 file kept in the file store names each debtor with name and IBAN, and a member list made by a
 * background task names former members. On the code before, both still named the erased member after the clean-up.
 */

const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };
const GONE_IBAN = 'DE02120300000000202051';
const STAYS_IBAN = 'DE89370400440532013000';

const download = (http: App, token: string, path: string): request.Test =>
  request(http)
    .get(path)
    .set(auth(token))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The member list PDF a task made, as text. */
async function listText(http: App, task: TaskDto): Promise<string> {
  const path = `/api/v1/tasks/${task.id}/files/${task.files[0]!.fileId}`;
  const res = await download(http, adminToken, path).expect(200);
  return (await pdfPages(res.body as Buffer)).flat().join(' ');
}
let adminToken = '';

/** A debit of the collection of 2011 (made then, before the member left), its payment id the end-to-end id. */
const debit = (paymentId: string, name: string, iban: string, nr: number | null): SepaDebit => ({
  endToEndId: paymentId.replace(/-/g, ''),
  amount: 12_500,
  sequence: 'FRST',
  mandateReference: `M-${nr ?? 0}`,
  signedOn: '2011-01-10',
  debtorName: name,
  iban,
  bic: 'COBADEFFXXX',
  remittance: `Einzahlung Geschaeftsanteile Mitgl-Nr ${nr ?? 0}`,
});

describe('data protection: the erased members in collection files and task files (decisions 364, 365)', () => {
  let t: TestApp;
  let gone: MemberDto;
  let stays: MemberDto;
  let before: string;
  let listTask: TaskDto;
  let listBefore: string;
  let run: CleanMemberResult;
  const collectionId = randomUUID();

  beforeAll(async () => {
    t = await startApp({ PDF_SYNC_LIMIT: '1' });
    adminToken = t.adminToken;
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    // Left in 2012, settlement paid 2013: due since 1 January 2024.
    gone = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Lastschriftlos',
      givenName: 'Lotte',
      iban: GONE_IBAN,
    });
    await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
    stays = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Bleibtreu', givenName: 'Bodo' });

    // A collection of 2011 that drew both (its debits came back above what was owed, so nothing was booked on the
    // shares: the file and the collection's stream are all it left; decision 270).
    const paymentIds = [randomUUID(), randomUUID()];
    const xml = pain008Xml({
      messageId: 'LS20110201-ABCDEF',
      createdAt: '2011-02-01T09:00:00',
      collectionDate: '2011-02-03',
      creditor: {
        name: 'eG Musterstadt',
        iban: 'DE02500105170137075030',
        bic: 'INGDDEFFXXX',
        creditorId: 'DE98ZZZ09999999999',
      },
      debits: [
        debit(paymentIds[0]!, 'Lotte Lastschriftlos', GONE_IBAN, gone.memberNr),
        debit(paymentIds[1]!, 'Bodo Bleibtreu', STAYS_IBAN, stays.memberNr),
      ],
    });
    const fileId = `direct-debit-${collectionId}`;
    await t.running.app.get<FileStore>(FILE_STORE).put(fileId, new TextEncoder().encode(xml));
    const items = [gone, stays].map((m, i) => ({
      memberId: m.id,
      balanceId: `b-${i}`,
      mandateId: `mandate-${i}`,
      paymentId: paymentIds[i]!,
      amount: 12_500,
      sequence: 'FRST' as const,
    }));
    const metadata = {
      cooperativeId: t.cooperativeId,
      user: 'admin',
      timestamp: '2011-02-01T09:00:00.000Z',
      correlationId: 'c-dd',
      causationId: 'c-dd',
      schemaVersion: 1,
    };
    const cooperativeId = t.cooperativeId;
    await t.running.storage.events.append(`direct-debit-${collectionId}`, 'no_stream', [
      {
        type: 'DirectDebitCollectionCreated',
        data: {
          collectionId,
          cooperativeId,
          collectionDate: '2011-02-03',
          createdOn: '2011-02-01',
          messageId: 'LS20110201-ABCDEF',
          fileId,
          items,
          totalCents: 25_000,
        },
        metadata,
      },
      {
        type: 'DirectDebitsAboveOutstanding',
        data: {
          collectionId,
          cooperativeId,
          items: items.map((i, n) => ({
            ...i,
            memberNr: [gone, stays][n]!.memberNr,
            booked: 0,
            excess: i.amount,
            reason: 'aboveOutstanding',
          })),
        },
        metadata,
      },
    ]);
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    before = (
      await download(t.http, t.adminToken, `/api/v1/direct-debits/${collectionId}/file`).expect(200)
    ).body.toString('utf8');

    // The member list as a background task (more members than PDF_SYNC_LIMIT), made before the clean-up.
    const queued = (await request(t.http).get('/api/v1/pdf/members').set(auth(t.adminToken)).expect(202))
      .body as TaskDto;
    listTask = await until(t.http, t.adminToken, queued.id, (task) => task.state === 'completed');
    listBefore = await listText(t.http, listTask);

    run = (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
      .body as CleanMemberResult;
  }, 90_000);
  afterAll(async () => t.close());

  it('erases the member', () => {
    expect(run.members.map((m) => m.id)).toEqual([gone.id]);
  });

  it("rewrites the collection's file: the erased debtor anonymised, the other debtor, the counts and sums kept", async () => {
    expect(before).toContain('Lotte Lastschriftlos');
    expect(before).toContain(GONE_IBAN);
    const after = (
      await download(t.http, t.adminToken, `/api/v1/direct-debits/${collectionId}/file`).expect(200)
    ).body.toString('utf8');
    expect(after).not.toContain('Lastschriftlos');
    expect(after).not.toContain(GONE_IBAN);
    expect(after).toContain('<Dbtr><Nm>Geloescht (DSGVO) / Erased (GDPR)</Nm></Dbtr>');
    expect(after).toContain('<IBAN>XX00ERASED</IBAN>');
    expect(after).toContain('Bodo Bleibtreu');
    expect(after).toContain(STAYS_IBAN);
    expect(after).toContain(`Mitgl-Nr ${gone.memberNr ?? 0}`);
    for (const tag of ['NbOfTxs', 'CtrlSum', 'InstdAmt'])
      expect(after.match(new RegExp(`<${tag}[^>]*>[^<]*<`, 'g'))).toEqual(
        before.match(new RegExp(`<${tag}[^>]*>[^<]*<`, 'g')),
      );
    expect(pain008XmlViolations(after)).toEqual([]);
    // A second run finds nobody and leaves the file as it is.
    await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
    const again = (
      await download(t.http, t.adminToken, `/api/v1/direct-debits/${collectionId}/file`).expect(200)
    ).body.toString('utf8');
    expect(again).toBe(after);
  });

  it('removes the member list a task made before the clean-up; the task stays listed; a list made after names nobody erased', async () => {
    expect(listBefore).toContain('Lastschriftlos');
    const removed = await request(t.http)
      .get(`/api/v1/tasks/${listTask.id}/files/${listTask.files[0]!.fileId}`)
      .set(auth(t.adminToken));
    expect(removed.status).toBe(404);
    expect(removed.body.errors).toEqual([
      { field: null, template: 'taskFileNotFound', parameters: { 0: 'Task file' } },
    ]);
    const task = (await request(t.http).get(`/api/v1/tasks/${listTask.id}`).set(auth(t.adminToken)).expect(200))
      .body as TaskDto;
    expect(task.state).toBe('completed');

    const queued = (await request(t.http).get('/api/v1/pdf/members').set(auth(t.adminToken)).expect(202))
      .body as TaskDto;
    const later = await listText(t.http, await until(t.http, t.adminToken, queued.id, (x) => x.state === 'completed'));
    expect(later).toContain('Bleibtreu');
    expect(later).not.toContain('Lastschriftlos');
  }, 60_000);

  it('a restricted user reads the collection file (docs/security.md: directdebits:read), now without the erased debtor', async () => {
    const restricted = await userWith(t.http, t.adminToken, 'dd-restricted', ['ROLE_RESTRICTED_USER']);
    const res = await download(t.http, restricted.token, `/api/v1/direct-debits/${collectionId}/file`).expect(200);
    expect((res.body as Buffer).toString('utf8')).not.toContain('Lastschriftlos');
  });
});
