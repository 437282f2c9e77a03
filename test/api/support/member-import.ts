import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { MemberDto } from '@coop/contracts';
import { auth } from './app.js';

/** The member import's API spec (member-import.e2e.spec.ts): clean files, uploads, the members read. */
export const SHARE = 10_000;
export const IBAN_1 = 'DE89370400440532013000';
export const IBAN_2 = 'DE02120300000000202051';
export const BAD_IBAN = 'DE00370400440532013000';

export const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A CSV in Excel's German dialect: semicolons, German numbers and dates. */
export const csv = (rows: readonly (readonly string[])[]): Buffer =>
  Buffer.from(rows.map((r) => r.join(';')).join('\r\n') + '\r\n', 'utf8');

export const MEMBER_HEADERS = [
  'Mitgliedsnummer',
  'Anrede',
  'Briefanrede',
  'Name / Firma',
  'Vorname',
  'Geburtsdatum',
  'Rechtsform',
  'Familienstand',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
  'Bundesland',
  'Bank',
  'IBAN',
  'BIC',
  'Eintrittsdatum',
  'Zulassungsdatum',
  'Anzahl Anteile',
];
export const memberLine = (nr: number, name: string, iban: string, shares: number): string[] => [
  String(nr),
  'Frau',
  'female',
  name,
  'Anna',
  '12.04.1980',
  'natürliche Person',
  'ledig',
  'Lindenweg',
  '7',
  '12345',
  'Musterstadt',
  'by',
  'Musterbank',
  iban,
  'COBADEFFXXX',
  '15.01.2020',
  '20.01.2020',
  String(shares),
];
export const POSTING_HEADERS = [
  'Mitgliedsnummer',
  'Buchungsnummer',
  'Buchungsart',
  'Anzahl',
  'Betrag (EUR)',
  'Datum',
  'Zulassungsdatum',
  'Gegenmitglied',
];

/** Two members: member 1 subscribes 3 shares and 2 more (holding 5), member 2 comes in with its members sheet's 2 shares. */
export function cleanCsv(first = 1): { name: string; bytes: Buffer }[] {
  return [
    {
      name: 'mitglieder.csv',
      bytes: csv([MEMBER_HEADERS, memberLine(first, 'Müller', IBAN_1, 5), memberLine(first + 1, 'Schmidt', IBAN_2, 2)]),
    },
    {
      name: 'buchungen.csv',
      bytes: csv([
        POSTING_HEADERS,
        [String(first), 'B1', '0', '3', '300,00', '15.01.2020', '20.01.2020', ''],
        [String(first), 'B2', '1', '2', '200,00', '01.03.2021', '01.03.2021', ''],
      ]),
    },
  ];
}

export const upload = (
  http: App,
  token: string,
  path: string,
  files: readonly { name: string; bytes: Buffer }[],
  mapping?: unknown,
): request.Test => {
  let req = request(http).post(path).set(auth(token));
  for (const f of files) req = req.attach('files', f.bytes, f.name);
  if (mapping !== undefined) req = req.field('mapping', JSON.stringify(mapping));
  return req;
};

export const members = async (http: App, token: string): Promise<MemberDto[]> => {
  const res = await request(http).get('/api/v1/members?limit=100').set(auth(token));
  return res.status === 204 ? [] : (res.body as MemberDto[]);
};
