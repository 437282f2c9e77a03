import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { formalGermanMessages } from '@haleos/ra-language-german';
import type { TranslationMessages } from 'react-admin';
import { de } from './de';
import { en } from './en';
import { deepMerge } from './merge';
import { storedLocale } from './locale';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

const english = deepMerge(englishMessages as unknown as Record<string, unknown>, en) as unknown as TranslationMessages;
// German over English: a key missing in a German source falls back to the English text.
const german = deepMerge(
  english as unknown as Record<string, unknown>,
  formalGermanMessages as unknown as Record<string, unknown>,
  de,
) as unknown as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'de' ? german : english),
  storedLocale(),
  LOCALES.map((locale) => ({ locale, name: en.coop.languages[locale] })),
  { allowMissing: true },
);
