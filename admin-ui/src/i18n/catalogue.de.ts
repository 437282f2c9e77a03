import englishMessages from 'ra-language-english';
// The formal file itself, not the package index: the index also loads the informal file, which
// lodash-merges its "du" texts INTO the formal object at import time (ra.message.invalid_form and
// others would greet a clerk with "Bitte überprüfe Deine Eingaben").
import formalGermanMessages from '@haleos/ra-language-german/dist/esm/formalGermanMessages.js';
import type { TranslationMessages } from 'react-admin';
import { de } from './de';
import { deepMerge } from './merge';

/** Words of react-admin's German a clerk reads otherwise (issue 43: a table has "Zeilen", not "Reihen"). */
const GERMAN_WORDS = { ra: { navigation: { page_rows_per_page: 'Zeilen pro Seite:' } } };

/**
 * The German catalogue the console reads, loaded only while the console is in German (`i18nProvider.ts`, decision
 * 227). A react-admin key the German package lacks falls back to react-admin's English; the product's own keys need
 * no fallback: `de.ts` has every key of `en.ts` (its type and `messages.unit.spec.ts`), so the English product
 * catalogue is not loaded with it.
 */
export const german = deepMerge(
  englishMessages as unknown as Record<string, unknown>,
  formalGermanMessages as unknown as Record<string, unknown>,
  GERMAN_WORDS,
  de,
) as unknown as TranslationMessages;
