/*
 * One spelling of a person's name for finding the same person twice (issue 39 "Nobody twice"): the console's check for
 * a new member (`GET /members/duplicates`, over the members read model's `nameKey`) and the import's dry run compare
 * names by it. Umlauts and their transcriptions are the same letters (ä/ae, ö/oe, ü/ue, ß/ss), as are other accents
 * and their plain letters (é/e); case and spacing do not count. "Schönberger" and "Schoenberger" are one name.
 */

/** A name in its compared spelling; empty for no name. */
export function nameKey(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return text
    .normalize('NFC')
    .toLocaleLowerCase('de')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, '');
}

/** A person's surname and given name as one key (`schoenberger|anna`); null without a surname. */
export function personNameKey(name: string | null | undefined, givenName: string | null | undefined): string | null {
  const surname = nameKey(name);
  return surname === '' ? null : `${surname}|${nameKey(givenName)}`;
}

/** A tax id as compared: its digits only; null when none. */
export function taxIdKey(taxId: string | null | undefined): string | null {
  if (typeof taxId !== 'string') return null;
  const digits = taxId.replace(/\D/g, '');
  return digits === '' ? null : digits;
}
