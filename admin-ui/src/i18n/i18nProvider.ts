import polyglotI18nProvider from 'ra-i18n-polyglot';
import { english, german } from './catalogues';
import { en } from './en';
import { storedLocale } from './locale';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'de' ? german : english),
  storedLocale(),
  LOCALES.map((locale) => ({ locale, name: en.coop.languages[locale] })),
  { allowMissing: true },
);
