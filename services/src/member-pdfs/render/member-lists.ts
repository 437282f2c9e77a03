import type { MemberDto } from '@coop/contracts';
import { ERASED_MEMBER_NAME, ERASED_MEMBER_TYPE, euros, germanCount, germanDate } from '../../kernel/german-format.js';
import type { TableLayout } from './table-pdf.js';

/*
 * The two member lists' columns and rows (German: the cooperative's working language; the console only names the
 * files). The member list holds what GenG § 30 and DOMAIN.md 9.1 ask: names, address, the number of shares and the
 * capital as of the date, entry, approval and exit with its reason. No church data.
 */

const TITLES: Readonly<Record<string, string>> = { Dr: 'Dr.', Prof: 'Prof.' };
const EXIT_REASONS: Readonly<Record<string, string>> = {
  death: 'Tod',
  exclusion: 'Ausschluss',
  exit: 'Kündigung',
  dissolution: 'Auflösung',
};

const date = (d: string | null): string => (d ? germanDate(d) : '');

export const MEMBER_LIST: TableLayout = {
  title: 'Mitgliederliste',
  layout: 'landscape',
  margin: 25,
  fontSize: 7,
  rowHeight: 11,
  columns: [
    { heading: 'Nr.', width: 32, align: 'right' },
    { heading: 'Anrede', width: 34 },
    { heading: 'Titel', width: 26 },
    { heading: 'Name / Firma', width: 96 },
    { heading: 'Vorname', width: 66 },
    { heading: 'Straße', width: 74 },
    { heading: 'Hausnr.', width: 34 },
    { heading: 'PLZ', width: 30 },
    { heading: 'Ort', width: 66 },
    { heading: 'Land', width: 22 },
    { heading: 'Geburtsdatum', width: 46 },
    { heading: 'Eintritt', width: 44 },
    { heading: 'Zulassung', width: 44 },
    { heading: 'Austritt', width: 44 },
    { heading: 'Austrittsgrund', width: 50 },
    { heading: 'Anteile', width: 34, align: 'right' },
    { heading: 'Kapital EUR', width: 50, align: 'right' },
  ],
};

/** One row of the member list: the member as of the list's date (`membersAsOf`). */
export function memberListRow(m: MemberDto): string[] {
  return [
    m.memberNr === null ? '' : String(m.memberNr),
    m.salutation ?? '',
    m.title ? (TITLES[m.title] ?? '') : '',
    m.memberType === ERASED_MEMBER_TYPE ? ERASED_MEMBER_NAME : (m.name ?? ''),
    m.legalForm === 1 ? '' : (m.givenName ?? ''),
    m.street ?? '',
    m.streetHomeNumber ?? '',
    m.zipCode ?? '',
    m.city ?? '',
    m.isForeign ? (m.country ?? '') : 'DE',
    date(m.birthDate),
    date(m.entryDate),
    date(m.approvalDate),
    date(m.exitDate),
    m.exitReason ? (EXIT_REASONS[m.exitReason] ?? m.exitReason) : '',
    germanCount(m.shareAmount),
    euros(m.shareTotalEUR),
  ];
}

export const MEMBER_BALANCES: TableLayout = {
  title: 'Mitglieder mit Geschäftsanteilen',
  layout: 'portrait',
  margin: 40,
  fontSize: 9,
  rowHeight: 13,
  columns: [
    { heading: 'Mitgliedsnr.', width: 70, align: 'right' },
    { heading: '', width: 10 },
    { heading: 'Name', width: 260 },
    { heading: 'Anteile', width: 70, align: 'right' },
    { heading: 'Kapital EUR', width: 105, align: 'right' },
  ],
};

/** The member's name as a list shows it: `name, given name` (a legal entity: its firm). */
export function listName(m: MemberDto): string {
  if (m.memberType === ERASED_MEMBER_TYPE) return ERASED_MEMBER_NAME;
  return [m.name, m.legalForm === 1 ? null : m.givenName].filter((s): s is string => !!s).join(', ');
}

/** One row of the members with shares. */
export function memberBalanceRow(m: MemberDto): string[] {
  return [
    m.memberNr === null ? '' : String(m.memberNr),
    '',
    listName(m),
    germanCount(m.shareAmount),
    euros(m.shareTotalEUR),
  ];
}
