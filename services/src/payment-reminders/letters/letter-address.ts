import { isDeceased } from '../../member-pdfs/index.js';
import type { MemberDocument } from '../../members/index.js';

/*
 * The salutation of a letter to a member, from its document of the members' list (issue 45, reminders); its address
 * block is the member PDFs' `recipientLines`, which every letter shares. An erased member gets the neutral salutation.
 */

/** "Sehr geehrte Frau Dr. Muster," by the member's postal salutation; a firm or an unknown one: "Sehr geehrte Damen und Herren,". */
export function salutationLine(member: MemberDocument | undefined): string {
  // The heirs of a member whose death is recorded (decision 373): whom the letter reaches is not known by name.
  if (isDeceased(member)) return 'Sehr geehrte Damen und Herren,';
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
