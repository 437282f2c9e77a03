import { describe, expect, it } from '@jest/globals';
import type { FileStore, ReadDocument } from '@coop/contracts';
import type { ReadModels } from '../platform/http/read-models.js';
import { ErasedDebtorFiles } from './commands/erased-debtor-files.js';
import { pain008Xml, type SepaDebit } from './sepa/pain008.js';
import { pain008XmlViolations } from './sepa/pain008-rules.js';
import { ERASED_DEBTOR_IBAN, ERASED_DEBTOR_NAME, withoutErasedDebtors } from './sepa/erased-debtors.js';

/*
 * The collections' files without the debtors erased since (issue 27, decision 364): the pure rewrite, and the
 * clean-up's step that finds the files by the erased members' payments and the debits that booked nothing.
 */

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const P3 = '33333333-3333-4333-8333-333333333333';
const e2e = (paymentId: string): string => paymentId.replace(/-/g, '');

const debit = (paymentId: string, name: string, iban: string, extra: Partial<SepaDebit> = {}): SepaDebit => ({
  endToEndId: e2e(paymentId),
  amount: 10_050,
  sequence: 'RCUR',
  mandateReference: `M-${name.slice(0, 3)}`,
  signedOn: '2014-01-02',
  debtorName: name,
  iban,
  bic: 'COBADEFFXXX',
  remittance: 'Einzahlung Geschaeftsanteile Mitgl-Nr 7',
  ...extra,
});

const FILE = pain008Xml({
  messageId: 'LS20150105-000001',
  createdAt: '2015-01-05T10:00:00',
  collectionDate: '2015-01-07',
  creditor: {
    name: 'eG Musterstadt',
    iban: 'DE02500105170137075030',
    bic: 'INGDDEFFXXX',
    creditorId: 'DE98ZZZ09999999999',
    address: { street: 'Markt 1', zip: '12345', town: 'Musterstadt', country: 'DE' },
  },
  debits: [
    debit(P1, 'Erika Erased', 'CH9300762011623852957', {
      address: { street: 'Seeweg 4', zip: '8000', town: 'Zuerich', country: 'CH' },
    }),
    debit(P2, 'Karl Kept', 'DE89370400440532013000', { sequence: 'FRST' }),
    debit(P3, 'Nora Nichtgebucht', 'DE02120300000000202051'),
  ],
});

describe('a collection file without its erased debtors (decision 364)', () => {
  it('replaces name, IBAN, bank and address of the erased debit; keeps the others, the amounts, counts and sums', () => {
    const out = withoutErasedDebtors(FILE, new Set([e2e(P1)]));
    for (const gone of ['Erika', 'CH9300762011623852957', 'Seeweg', 'Zuerich', '8000']) expect(out).not.toContain(gone);
    expect(out).toContain(`<Dbtr><Nm>${ERASED_DEBTOR_NAME}</Nm></Dbtr>`);
    expect(out).toContain(`<IBAN>${ERASED_DEBTOR_IBAN}</IBAN>`);
    expect(out).toContain('Karl Kept');
    expect(out).toContain('Nora Nichtgebucht');
    expect(out).toContain(`<EndToEndId>${e2e(P1)}</EndToEndId>`);
    expect(out).toContain('<MndtId>M-Eri</MndtId>');
    const amounts = (xml: string) => xml.match(/<(NbOfTxs|CtrlSum|InstdAmt)[^>]*>[^<]*</g);
    expect(amounts(out)).toEqual(amounts(FILE));
    expect(pain008XmlViolations(out)).toEqual([]);
    // Nothing to do, or done already: the same text.
    expect(withoutErasedDebtors(out, new Set([e2e(P1)]))).toBe(out);
    expect(withoutErasedDebtors(FILE, new Set())).toBe(FILE);
  });
});

describe("the clean-up's step for the collection files", () => {
  const doc = (id: string, fields: Record<string, unknown>): ReadDocument => ({
    id,
    cooperativeId: 'c-1',
    position: '1',
    ...fields,
  });
  const payments = [
    doc(P1, { memberId: 'm-erased', balanceId: 'b1', collectionId: 'col-1', date: '2015-01-07', amount: 10_050 }),
    doc(P2, { memberId: 'm-kept', balanceId: 'b2', collectionId: 'col-1', date: '2015-01-07', amount: 10_050 }),
    doc('p-hand', { memberId: 'm-erased', balanceId: 'b1', collectionId: null, date: '2015-02-01', amount: 100 }),
  ];
  const collections = [
    doc('col-1', {
      collectionDate: '2015-01-07',
      fileId: 'direct-debit-col-1',
      // The third debit booked nothing (decision 270): it has no payment, only this entry.
      aboveOutstanding: [
        {
          memberId: 'm-unbooked',
          memberNr: 9,
          balanceId: 'b3',
          paymentId: P3,
          amount: 10_050,
          booked: 0,
          excess: 10_050,
        },
      ],
    }),
    doc('col-2', { collectionDate: '2016-01-07', fileId: 'direct-debit-col-2', aboveOutstanding: [] }),
  ];

  function given(): { step: ErasedDebtorFiles; stored: Map<string, string> } {
    const stored = new Map([
      ['direct-debit-col-1', FILE],
      ['direct-debit-col-2', '<Document>other</Document>'],
    ]);
    const reads = {
      async *scan(spec: { name: string }) {
        yield spec.name === 'direct_debits' ? collections : payments;
      },
    } as unknown as ReadModels;
    const files = {
      get: async (id: string) => (stored.has(id) ? new TextEncoder().encode(stored.get(id)) : null),
      put: async (id: string, bytes: Uint8Array) => void stored.set(id, new TextDecoder().decode(bytes)),
    } as unknown as FileStore;
    return { step: new ErasedDebtorFiles(reads, files), stored };
  }

  it("finds the erased members' debits by their payments and by the debits that booked nothing; once", async () => {
    const { step, stored } = given();
    expect(await step.anonymise('c-1', new Set(['m-erased', 'm-unbooked']))).toBe(1);
    const out = stored.get('direct-debit-col-1')!;
    expect(out).not.toContain('Erika');
    expect(out).not.toContain('Nora');
    expect(out).toContain('Karl Kept');
    expect(stored.get('direct-debit-col-2')).toBe('<Document>other</Document>');
    expect(await step.anonymise('c-1', new Set(['m-erased', 'm-unbooked']))).toBe(0);
  });

  it('leaves every file alone when nobody is erased', async () => {
    const { step, stored } = given();
    expect(await step.anonymise('c-1', new Set())).toBe(0);
    expect(await step.anonymise('c-1', new Set(['m-kept-elsewhere']))).toBe(0);
    expect(stored.get('direct-debit-col-1')).toBe(FILE);
  });
});
