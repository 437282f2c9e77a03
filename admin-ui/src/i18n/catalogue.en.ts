import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { en } from './en';
import { deepMerge } from './merge';

/**
 * The English catalogue the console reads: react-admin's English with the product's own messages over it. Its own
 * file, loaded only while the console is in English (`i18nProvider.ts`, decision 227).
 */
export const english = deepMerge(
  englishMessages as unknown as Record<string, unknown>,
  en,
) as unknown as TranslationMessages;
