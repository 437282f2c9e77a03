import englishMessages from 'ra-language-english';
// The formal file itself, not the package index: the index also loads the informal file, which
// lodash-merges its "du" texts INTO the formal object at import time (ra.message.invalid_form and
// others would greet a clerk with "Bitte überprüfe Deine Eingaben").
import formalGermanMessages from '@haleos/ra-language-german/dist/esm/formalGermanMessages.js';
import type { TranslationMessages } from 'react-admin';
import { de } from './de';
import { en } from './en';
import { deepMerge } from './merge';

/** react-admin's English with the product's own messages over it. */
export const english = deepMerge(englishMessages as unknown as Record<string, unknown>, en) as unknown as TranslationMessages;

/** Words of react-admin's German a clerk reads otherwise (issue 43: a table has "Zeilen", not "Reihen"). */
const GERMAN_WORDS = { ra: { navigation: { page_rows_per_page: 'Zeilen pro Seite:' } } };

/** German over English: a key missing in a German source falls back to the English text. */
export const german = deepMerge(
  english as unknown as Record<string, unknown>,
  formalGermanMessages as unknown as Record<string, unknown>,
  GERMAN_WORDS,
  de,
) as unknown as TranslationMessages;
