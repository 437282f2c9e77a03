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

/** The language chosen earlier in this browser; English by default and for anything unknown. */
export function storedLocale(): 'en' | 'de' {
  try {
    return base.getItem('locale') === 'de' ? 'de' : 'en';
  } catch {
    return 'en';
  }
}
