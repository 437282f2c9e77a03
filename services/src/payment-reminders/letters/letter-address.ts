import type { ReadDocument } from '@coop/contracts';

/*
 * The address block and the salutation of a letter to a member, from its document of the members' list (issue 45,
 * reminders). An erased member (the data-protection clean-up blanked its fields) gets no address and the neutral
 * salutation.
 */

const text = (doc: ReadDocument | undefined, field: string): string =>
  typeof doc?.[field] === 'string' ? (doc[field] as string).trim() : '';

const TITLES: Readonly<Record<string, string>> = { Dr: 'Dr.', Prof: 'Prof.' };

/** The address lines: name (with title), street and number, postcode and town, the country of a foreign member. */
export function recipientLines(member: ReadDocument | undefined): string[] {
  const title = TITLES[text(member, 'title')] ?? '';
  const name = [title, text(member, 'givenName'), text(member, 'name')].filter(Boolean).join(' ');
  const lines = [
    text(member, 'name') === '' ? '' : name,
    text(member, 'legalRepresentation') === '' ? '' : `vertreten durch ${text(member, 'legalRepresentation')}`,
    [text(member, 'street'), text(member, 'streetHomeNumber')].filter(Boolean).join(' '),
    [text(member, 'zipCode'), text(member, 'city')].filter(Boolean).join(' '),
    member?.isForeign === true ? text(member, 'country') : '',
  ];
  return lines.filter((l) => l !== '');
}

/** "Sehr geehrte Frau Dr. Muster," by the member's postal salutation; a firm or an unknown one: "Sehr geehrte Damen und Herren,". */
export function salutationLine(member: ReadDocument | undefined): string {
  const name = text(member, 'name');
  const kind = text(member, 'postalSalutation');
  if (name === '') return 'Sehr geehrte Damen und Herren,';
  switch (kind) {
    case 'female':
      return `Sehr geehrte Frau ${name},`;
    case 'femaleDr':
      return `Sehr geehrte Frau Dr. ${name},`;
    case 'male':
      return `Sehr geehrter Herr ${name},`;
    case 'maleDr':
      return `Sehr geehrter Herr Dr. ${name},`;
    default:
      return 'Sehr geehrte Damen und Herren,';
  }
}
