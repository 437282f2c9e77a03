/**
 * The browser's language among the console's: the first of `languages` (the browser's preference order,
 * `navigator.languages`) that is German or English, by its primary tag (`de-AT` is German); English when none is.
 */
export function browserLocale(languages: readonly string[]): 'en' | 'de' {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'de' || primary === 'en') return primary;
  }
  return 'en';
}

/** Where react-admin's store (`locale.ts`: `localStorageStore`, app key `coop`) keeps the language chosen. */
const STORED_LOCALE_KEY = 'RaStorecoop.locale';

/**
 * The language the console will open in, read without react-admin (`early.ts` starts its catalogue's download before
 * the shell's modules run): the stored choice, else the browser's language. `locale.ts` reads the same through the
 * store; should the two ever differ, the provider loads the right catalogue and this one was only fetched early.
 */
export function likelyLocale(): 'en' | 'de' {
  try {
    const chosen: unknown = JSON.parse(window.localStorage.getItem(STORED_LOCALE_KEY) ?? 'null');
    if (chosen === 'de' || chosen === 'en') return chosen;
    return browserLocale(navigator.languages ?? [navigator.language]);
  } catch {
    return 'en';
  }
}
