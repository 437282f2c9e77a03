import { MEMBER_NR_MAX, type UnmatchedReason } from '@coop/contracts';

/*
 * Which member a transfer's remittance text names (issue 45, decision 216). The rule:
 * 1. A number after a member label ("Mitgl.-Nr. 123", "Mitgliedsnummer 0123", "Mitglied 123", "MG-Nr 123",
 *    "Member no. 123") is the member number; when the text labels several different numbers, it names none for sure.
 * 2. Without a label: every number standing alone (not glued to letters or digits, not part of a date `01.02.2025`, an
 *    amount `100,00`, an IBAN or a reference `A-17`) that is a member number of the cooperative; exactly one such
 *    number names its member, several name none.
 * Leading zeros are ignored; numbers above the largest member number are no member numbers.
 */

const LABELLED =
  /(?:mitgl(?:ieds?)?\.?[\s-]*(?:nr|nummer)\.?|mitglied(?:s)?(?!\p{L})|mitgl\.|mg[\s.-]*nr\.?|member(?:ship)?[\s-]*(?:no|nr|number)\.?|member(?!\p{L}))[\s:#.-]*(\d{1,12})(?![\p{L}\p{N}])/giu;
const STANDALONE = /(?<![\p{L}\p{N}.,/:_-])(\d{1,12})(?![\p{L}\p{N}/_]|[.,:-]\p{N})/gu;

const asNumber = (digits: string): number | null => {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 && n <= MEMBER_NR_MAX ? n : null;
};

/** The numbers a text labels as member numbers, and the numbers standing alone in it (each distinct, in order). */
export function numbersIn(text: string): { labelled: number[]; standalone: number[] } {
  const distinct = (values: (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];
  return {
    labelled: distinct([...text.matchAll(LABELLED)].map((m) => asNumber(m[1]!))),
    standalone: distinct([...text.matchAll(STANDALONE)].map((m) => asNumber(m[1]!))),
  };
}

/** The member number a remittance text names under the rule above (`isMember`: a number of the cooperative's), or why none. */
export function memberNumberOf(
  text: string,
  isMember: (nr: number) => boolean,
): { nr: number } | { reason: UnmatchedReason } {
  const { labelled, standalone } = numbersIn(text);
  const candidates = labelled.length > 0 ? labelled : standalone.filter(isMember);
  if (candidates.length > 1) return { reason: 'severalMemberNumbers' };
  const nr = candidates[0];
  return nr !== undefined && isMember(nr) ? { nr } : { reason: 'noMemberNumber' };
}
