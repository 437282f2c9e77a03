import { localStorageStore, type Store } from 'react-admin';

/**
 * react-admin's store (localStorage, prefix `RaStore.coop`). react-admin resets the store on logout;
 * the language is the clerk's choice for this browser, so it survives a logout.
 */
const base = localStorageStore(undefined, 'coop');

export const store: Store = {
  ...base,
  reset() {
    const locale: unknown = base.getItem('locale');
    base.reset();
    if (typeof locale === 'string') base.setItem('locale', locale);
  },
};

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

/**
 * The language chosen earlier in this browser; before any choice, the browser's language (issue 43: a German browser
 * opened the console in English).
 */
export function storedLocale(): 'en' | 'de' {
  try {
    const chosen: unknown = base.getItem('locale');
    if (chosen === 'de' || chosen === 'en') return chosen;
    return browserLocale(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
  } catch {
    return 'en';
  }
}
