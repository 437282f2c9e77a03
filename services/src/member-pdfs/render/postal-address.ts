import { countryLine } from '../../kernel/german-format.js';
import type { MemberDocument } from '../../members/index.js';

/*
 * The address block of a letter to a member (the reminders, the settlement statement), from its document of the
 * members' list: one builder, so that every letter names the member, the representative of a minor and the country
 * of a member abroad alike. An erased member (the data-protection clean-up blanked its fields) gets no address.
 */

const TITLES: Readonly<Record<string, string>> = { Dr: 'Dr.', Prof: 'Prof.' };

/**
 * The address lines: name (with title), "vertreten durch …" of a minor, street and number, postcode and town, and for
 * a member abroad the country's name in capitals (`countryLine`: "ÖSTERREICH", not "AT").
 */
export function recipientLines(member: MemberDocument | undefined): string[] {
  return isDeceased(member) ? heirsLines(member) : memberLines(member, true);
}

/**
 * A member whose death is recorded (`exitReason` death; a legal entity's end is its dissolution): its membership passes
 * to the heirs until the year's end (§ 77 GenG, DOMAIN.md 9.1), and its letters go to them (decision 373).
 */
export const isDeceased = (member: MemberDocument | undefined): boolean => member?.exitReason === 'death';

/** The deceased's address block for the heirs: "Erben nach" the name, no longer "vertreten durch" a representative. */
export function heirsLines(member: MemberDocument | undefined): string[] {
  const lines = memberLines(member, false);
  return member?.name ? [`Erben nach ${lines[0] ?? ''}`, ...lines.slice(1)] : lines;
}

function memberLines(member: MemberDocument | undefined, withRepresentative: boolean): string[] {
  const title = TITLES[member?.title ?? ''] ?? '';
  const name = [title, member?.givenName, member?.name].filter(Boolean).join(' ');
  const representative = withRepresentative ? (member?.legalRepresentation ?? null) : null;
  const lines = [
    member?.name ? name : '',
    representative === null ? '' : `vertreten durch ${representative}`,
    [member?.street, member?.streetHomeNumber].filter(Boolean).join(' '),
    [member?.zipCode, member?.city].filter(Boolean).join(' '),
    member?.isForeign === true ? countryLine(member.country) : '',
  ];
  return lines.filter((l) => l !== '');
}
