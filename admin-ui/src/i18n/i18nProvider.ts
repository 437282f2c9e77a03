import polyglotI18nProvider from 'ra-i18n-polyglot';
import { catalogueAtOnce, LOCALES, loadCatalogue, type Locale } from './loadCatalogue';
import { storedLocale } from './locale';

export { LOCALES, type Locale } from './loadCatalogue';

/** The languages' names in themselves (react-admin's locale list; the console's own menu translates them). */
const NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch' };

/**
 * The console's i18n provider (react-admin's and the plain modules' `translate`). It starts in English, whose
 * catalogue is in the shell (decision 227); another language's catalogue is loaded when the provider changes to it.
 */
export const i18nProvider = polyglotI18nProvider(
  (wanted) => catalogueAtOnce(wanted) ?? loadCatalogue(wanted),
  'en',
  LOCALES.map((l) => ({ locale: l, name: NAMES[l] })),
  { allowMissing: true },
);

/**
 * Puts the provider into the stored language, then calls `ready` (`main.tsx` renders there): at once in English,
 * after the German catalogue's download in German.
 */
export function startI18n(ready: () => void, failed: (error: unknown) => void): void {
  const locale = storedLocale();
  if (catalogueAtOnce(locale)) ready();
  else i18nProvider.changeLocale(locale).then(ready, failed);
}
