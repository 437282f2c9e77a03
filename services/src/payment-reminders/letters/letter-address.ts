import type { MemberDocument } from '../../members/index.js';

/*
 * The address block and the salutation of a letter to a member, from its document of the members' list (issue 45,
 * reminders). An erased member (the data-protection clean-up blanked its fields) gets no address and the neutral
 * salutation.
 */

const TITLES: Readonly<Record<string, string>> = { Dr: 'Dr.', Prof: 'Prof.' };

/** The address lines: name (with title), street and number, postcode and town, the country of a foreign member. */
export function recipientLines(member: MemberDocument | undefined): string[] {
  const title = TITLES[member?.title ?? ''] ?? '';
  const name = [title, member?.givenName, member?.name].filter(Boolean).join(' ');
  const representative = member?.legalRepresentation ?? null;
  const lines = [
    member?.name ? name : '',
    representative === null ? '' : `vertreten durch ${representative}`,
    [member?.street, member?.streetHomeNumber].filter(Boolean).join(' '),
    [member?.zipCode, member?.city].filter(Boolean).join(' '),
    member?.isForeign === true ? (member.country ?? '') : '',
  ];
  return lines.filter((l) => l !== '');
}

/** "Sehr geehrte Frau Dr. Muster," by the member's postal salutation; a firm or an unknown one: "Sehr geehrte Damen und Herren,". */
export function salutationLine(member: MemberDocument | undefined): string {
  const name = member?.name ?? '';
  const kind = member?.postalSalutation ?? '';
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
