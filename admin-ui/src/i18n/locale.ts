import { localStorageStore, type Store } from 'react-admin';
import { browserLocale } from './chosenLocale';

export { browserLocale } from './chosenLocale';

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
 * The language chosen earlier in this browser; before any choice, the browser's language (issue 43: a German browser
 * opened the console in English).
 */
export function storedLocale(): 'en' | 'de' {
  try {
    const chosen: unknown = base.getItem('locale');
    if (chosen === 'de' || chosen === 'en') return chosen;
    return browserLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
  } catch {
    return 'en';
  }
}
