import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@coop/contracts';
import { certificateIssues, certificateRegister, issuedEvents, versionOf } from './domain/certificate-register.js';
import { euros, germanDate, wholeEuros } from '../kernel/german-format.js';
import { pdfPages } from '../platform/pdf/pdf-text.js';
import { wordsNotFound } from '../platform/testing/printed-words.js';
import { issuerErrors, taxCertificatesPdf, type CertificateData } from './render/tax-certificate-pdf.js';
import { taxReturnCsv, taxReturnPdf, type TaxReturnData } from './render/tax-return.js';

/* The tax documents' pure parts: German formats, the issue register's versions, the PDF read back, the return's CSV. */

const issued = (revision: number, memberIds: string[], version: string): RecordedEvent =>
  ({
    type: 'TaxCertificateIssued',
    data: { dividendId: 'd1', memberIds, version, at: '2026-01-20T10:00:00.000Z' },
    revision,
  }) as unknown as RecordedEvent;

const CERT: CertificateData = {
  memberId: 'm1',
  memberNr: 7,
  name: 'Jürgen Weiß',
  address: ['Jürgen Weiß', 'Hauptstraße 1', '10115 Berlin'],
  year: 2025,
  paymentDate: '2026-01-15',
  gross: 123_456,
  exempt: 100_000,
  kapest: 5_864,
  soli: 322,
  churchTax: 469,
  churchName: 'Bistum Essen',
  basisOfTax: 'standard',
  version: 'original',
};

describe('tax documents', () => {
  it('writes German amounts and dates', () => {
    expect([euros(123_456_78), euros(5), euros(-1_234), wholeEuros(1_234_567), germanDate('2026-01-15')]).toEqual([
      '123.456,78',
      '0,05',
      '-12,34',
      '1.234.567',
      '15.01.2026',
    ]);
  });

  it('issues an original first and a replacement after, grouping the members of one issue by version', () => {
    const register = certificateRegister([issued(0, ['m1'], 'original')]);
    expect(register.expected).toBe(0);
    expect([versionOf(register, 'm1'), versionOf(register, 'm2')]).toEqual(['replacement', 'original']);
    expect(certificateRegister([]).expected).toBe('no_stream');
    const events = issuedEvents(
      'd1',
      [
        { memberId: 'm1', version: 'replacement' },
        { memberId: 'm2', version: 'original' },
        { memberId: 'm3', version: 'original' },
      ],
      'T',
    );
    expect(events.map((e) => [e.data.version, e.data.memberIds])).toEqual([
      ['replacement', ['m1']],
      ['original', ['m2', 'm3']],
    ]);
  });

  it('lists the register’s issues per member with who, when and why; older events without a reason read as null', () => {
    const corrected = {
      type: 'TaxCertificateIssued',
      data: { dividendId: 'd1', memberIds: ['m2'], version: 'corrected', at: 'T2', reason: 'Name berichtigt' },
      revision: 2,
      metadata: { user: 'clerk' },
    } as unknown as RecordedEvent;
    const events = [issued(0, ['m1', 'm2'], 'original'), issued(1, ['m1'], 'replacement'), corrected].map(
      (e) => ({ ...e, metadata: e.metadata ?? { user: 'admin' } }) as RecordedEvent,
    );
    expect(certificateIssues(events, 'm2').map((i) => [i.version, i.user, i.reason, i.memberIds])).toEqual([
      ['original', 'admin', null, ['m2']],
      ['corrected', 'clerk', 'Name berichtigt', ['m2']],
    ]);
    expect(certificateIssues(events, null).map((i) => [i.version, i.memberIds])).toEqual([
      ['original', ['m1', 'm2']],
      ['replacement', ['m1']],
      ['corrected', ['m2']],
    ]);
    expect(versionOf(certificateRegister(events), 'm2')).toBe('replacement');
  });

  it('keeps each member’s latest corrected certificate; one recorded before digests has none', () => {
    const corrected = (revision: number, memberId: string, reason: string, digest?: string): RecordedEvent =>
      ({
        type: 'TaxCertificateIssued',
        data: { dividendId: 'd1', memberIds: [memberId], version: 'corrected', at: `T${revision}`, reason, digest },
        revision,
      }) as unknown as RecordedEvent;
    const register = certificateRegister([
      issued(0, ['m1', 'm2'], 'original'),
      corrected(1, 'm1', 'Name'),
      corrected(2, 'm2', 'Anschrift', 'a1'),
      corrected(3, 'm2', 'Umzug', 'b2'),
      issued(4, ['m2'], 'replacement'),
    ]);
    expect(Object.fromEntries(register.corrections)).toEqual({
      m1: { digest: null, reason: 'Name', at: 'T1' },
      m2: { digest: 'b2', reason: 'Umzug', at: 'T3' },
    });
  });

  it('renders the same issue to the same bytes', async () => {
    const issuer = {
      name: 'Musterbau eG',
      address: 'Weg 7',
      zip: '04109',
      city: 'Leipzig',
      taxNumber: '2311012345',
      taxOffice: 'Finanzamt Leipzig I',
    };
    const at = '2026-01-20T10:00:00.000Z';
    const once = await taxCertificatesPdf(issuer, [CERT], undefined, at);
    await new Promise((r) => setTimeout(r, 5));
    expect((await taxCertificatesPdf(issuer, [CERT], undefined, at)).equals(once)).toBe(true);
  });

  it('refuses an issuer without tax office or tax number', () => {
    const issuer = {
      name: 'Musterbau eG',
      address: 'Weg 7',
      zip: '04109',
      city: 'Leipzig',
      taxNumber: '2311012345',
      taxOffice: 'Finanzamt Leipzig I',
    };
    expect(issuerErrors(issuer)).toEqual([]);
    expect(issuerErrors({ ...issuer, taxOffice: ' ', taxNumber: '' }).map((e) => e.template)).toEqual([
      'missingCooperativeTaxOffice',
      'missingCooperativeTaxNumber',
    ]);
  });

  it('marks a corrected certificate and prints its reason', async () => {
    const issuer = {
      name: 'Musterbau eG',
      address: 'Weg 7',
      zip: '04109',
      city: 'Leipzig',
      taxNumber: '2311012345',
      taxOffice: 'Finanzamt Leipzig I',
    };
    const [page] = await pdfPages(
      await taxCertificatesPdf(issuer, [{ ...CERT, version: 'corrected', correctionReason: 'Name' }]),
    );
    expect(page).toEqual(
      expect.arrayContaining([
        'Berichtigte Bescheinigung',
        'Diese Bescheinigung berichtigt die zuvor ausgestellte Bescheinigung (§ 45a Abs. 6 EStG). Grund: Name',
      ]),
    );
  });

  it('puts one member per page with every field, and marks a replacement', async () => {
    const issuer = {
      name: 'Musterbau eG',
      address: 'Weg 7',
      zip: '04109',
      city: 'Leipzig',
      taxNumber: '2311012345',
      taxOffice: 'Finanzamt Leipzig I',
    };
    const pages = await pdfPages(
      await taxCertificatesPdf(issuer, [
        CERT,
        {
          ...CERT,
          memberId: 'm2',
          name: 'Eva Ohne',
          address: ['Eva Ohne', 'Hauptstraße 1', '10115 Berlin'],
          churchTax: 0,
          churchName: null,
          exempt: 0,
          version: 'replacement',
        },
      ]),
    );
    expect(pages).toHaveLength(2);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'Jürgen Weiß',
        'Hauptstraße 1',
        '10115 Berlin',
        'Zahlungstag: 15.01.2026',
        '1.234,56 EUR',
        '1.000,00 EUR',
        '58,64 EUR',
        '3,22 EUR',
        '4,69 EUR',
        'Kirchensteuer erhoben für: Bistum Essen',
      ]),
    );
    expect(pages[0]).toContain('Die Steuern wurden abgeführt an: Finanzamt Leipzig I, Steuernummer 2311012345');
    expect(pages[0]!.some((l) => l.startsWith('Grund der Abstandnahme vom Steuerabzug: Freistellungsauftrag'))).toBe(
      true,
    );
    expect(pages[0]).not.toContain('Ersatzbescheinigung');
    expect(pages[1]).toEqual(expect.arrayContaining(['Eva Ohne', 'Ersatzbescheinigung']));
    // No church tax withheld: no church line at all (issue 43; it printed "Kirchensteuer erhoben für: keine Kirchensteuer einbehalten").
    expect(pages[1]!.filter((l) => l.includes('Kirchensteuer erhoben'))).toEqual([]);
  });

  it('writes the return as CSV with BOM, `;`, whole euros for rows 31 to 33 and cents for Soli and church tax', () => {
    const r: TaxReturnData = {
      cooperative: 'Musterbau eG',
      taxNumber: '2311012345',
      years: [2025],
      paymentDate: '2026-01-15',
      row31BaseEuros: 12_345,
      row31KapestEuros: 3_086,
      row32BaseEuros: 0,
      row32KapestEuros: 0,
      row33BaseEuros: 1_000,
      row34SoliCents: 16_973,
      kapestDueEuros: 3_086,
      churchTaxes: [{ churchId: 'rk', name: 'Römisch-katholische Kirche', cents: 24_689 }],
    };
    const lines = taxReturnCsv(r).split('\r\n');
    expect(lines[0]).toBe('\uFEFF;Genossenschaft;Musterbau eG');
    expect(lines.slice(5, 14)).toEqual([
      '31;Kapitalerträge mit Steuerabzug 25 % (§ 43a Abs. 1 S. 1 Nr. 1 EStG): Bemessungsgrundlage (volle EUR);12.345',
      '31;Kapitalertragsteuer 25 % (volle EUR, abgerundet);3.086',
      '32;Kapitalerträge mit ermäßigtem Steuersatz: Bemessungsgrundlage (volle EUR);0',
      '32;Kapitalertragsteuer ermäßigt (volle EUR, abgerundet);0',
      '33;Kapitalerträge ohne Steuerabzug (Freistellungsauftrag, NV-Bescheinigung, § 45a Abs. 1 S. 2 EStG) (volle EUR);1.000',
      '34;Solidaritätszuschlag (EUR, Ct);169,73',
      ';Kirchensteuer Römisch-katholische Kirche (EUR, Ct);246,89',
      ';Kapitalertragsteuer zu entrichten (volle EUR);3.086',
      '',
    ]);
  });

  it('prints text a reader finds word for word: the certificates (after a bold "Körperschaft") and the KapESt return (issue 43)', async () => {
    const issuer = {
      name: 'Musterbau eG',
      address: 'Weg 7',
      zip: '04109',
      city: 'Leipzig',
      taxNumber: '2311012345',
      taxOffice: 'Finanzamt Leipzig I',
    };
    expect(
      await wordsNotFound(() =>
        taxCertificatesPdf(issuer, [
          CERT,
          { ...CERT, memberId: 'm2', name: 'Eva Ohne', churchTax: 0, churchName: null, version: 'replacement' },
        ]),
      ),
    ).toEqual([]);
    const r: TaxReturnData = {
      cooperative: 'Musterbau eG',
      taxNumber: '2311012345',
      years: [2025],
      paymentDate: '2026-01-15',
      row31BaseEuros: 12_345,
      row31KapestEuros: 3_086,
      row32BaseEuros: 0,
      row32KapestEuros: 0,
      row33BaseEuros: 1_000,
      row34SoliCents: 16_973,
      kapestDueEuros: 3_086,
      churchTaxes: [{ churchId: 'rk', name: 'Römisch-katholische Kirche', cents: 24_689 }],
    };
    expect(await wordsNotFound(() => taxReturnPdf(r))).toEqual([]);
  });
});
