import {
  CHOICE_LABELS_DE,
  CHOICE_LABELS_EN,
  CIVIL_STATUSES,
  EXEMPTION_ORDER_TYPES,
  GERMAN_STATES,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  NON_ASSESSMENT_TYPES,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
  BALANCE_TYPES,
  type ChoiceLabels,
} from '@coop/contracts';
import type { AllowedChoice, ImportChoice } from '../import-types.js';

/*
 * The choice columns of the import in the words clerks use (issue 39): every code is accepted as written, as the
 * console's German and English word for it (contracts/src/messages/choice-labels.ts, the console's own catalogues) and
 * as the further spellings registers hold (`Gründer`, `Mrs`, `Erstantrag`). A refusal lists the console's words with
 * their codes (`allowedText`).
 */

/** A spelling as compared: Unicode composed, small letters, inner spacing one blank, no surrounding blanks or trailing dot. */
export function choiceKey(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('de').replace(/\s+/g, ' ').trim().replace(/\.$/, '').trim();
}

type Labelled = keyof ChoiceLabels;

/** A choice of the codes `codes`, labelled by the console's catalogue `labels` (and `more`, a code per catalogue). */
function choice(
  codes: readonly (string | number)[],
  labels: readonly Labelled[],
  extra: Readonly<Record<string, string | number>> = {},
  open = false,
): ImportChoice {
  const label = (lang: ChoiceLabels, code: string | number): string => {
    const table = lang[labels[0] as Labelled] as Readonly<Record<string, string>>;
    return table[String(code)] ?? String(code);
  };
  const allowed: AllowedChoice[] = codes.map((code) => ({
    code,
    de: label(CHOICE_LABELS_DE, code),
    en: label(CHOICE_LABELS_EN, code),
  }));
  const spellings = new Map<string, string | number>();
  const add = (spelling: string, code: string | number) => {
    const key = choiceKey(spelling);
    if (key !== '' && !spellings.has(key)) spellings.set(key, code);
  };
  for (const code of codes) add(String(code), code);
  for (const code of codes) {
    for (const lang of [CHOICE_LABELS_DE, CHOICE_LABELS_EN]) {
      for (const catalogue of labels) {
        const word = (lang[catalogue] as Readonly<Record<string, string>>)[String(code)];
        if (word !== undefined) add(word, code);
      }
    }
  }
  for (const [spelling, code] of Object.entries(extra)) add(spelling, code);
  return { allowed, spellings, open };
}

/** The code a cell's text means, or undefined (an open choice's other text is its own code). */
export function choiceValue(choice: ImportChoice, text: string): string | number | undefined {
  const found = choice.spellings.get(choiceKey(text));
  if (found !== undefined) return found;
  return choice.open ? text.trim() : undefined;
}

/**
 * The allowed values of a refusal, the console's words in German and English with their codes, one text for both
 * languages (the template's parameter): "Bayern / Bavaria (by), Berlin (be), …".
 */
export function allowedText(choice: ImportChoice): string {
  return choice.allowed
    .map((a) => {
      const words = choiceKey(a.de) === choiceKey(a.en) ? a.de : `${a.de} / ${a.en}`;
      return choiceKey(words) === choiceKey(String(a.code)) ? words : `${words} (${a.code})`;
    })
    .join(', ');
}

/** Yes and no as a refusal lists them. */
export const BOOLEAN_ALLOWED = 'ja / yes, nein / no';

export const MEMBER_TYPE_CHOICE = choice(MEMBER_TYPES_ENTERABLE, ['memberTypes'], {
  gründer: 0,
  gruender: 0,
  founder: 0,
  beitritt: 1,
  mitglied: 1,
  member: 1,
  // The console's words before issue 43 ("Beigetreten", "Joiner"): registers typed with them still import.
  beigetreten: 1,
  joiner: 1,
  'beigetretenes mitglied': 1,
  investor: 3,
  investierend: 3,
  'investierendes mitglied': 3,
});
export const POSITION_CHOICE = choice(MEMBER_POSITIONS, ['positions'], { board: 1, advisor: 3 });
export const SALUTATION_CHOICE = choice(SALUTATIONS, ['salutations'], { mrs: 'Frau', ms: 'Frau', mr: 'Herr' });
export const POSTAL_SALUTATION_CHOICE = choice(POSTAL_SALUTATIONS, ['postalSalutations'], { firma: 'company' });
export const TITLE_CHOICE = choice(MEMBER_TITLES, ['titles'], { keiner: 'none', kein: 'none' });
export const LEGAL_FORM_CHOICE = choice(LEGAL_FORMS, ['legalForms'], {
  natürlich: 0,
  person: 0,
  individual: 0,
  juristisch: 1,
  firma: 1,
  company: 1,
});
export const CIVIL_STATUS_CHOICE = choice(CIVIL_STATUSES, ['civilStatuses'], {
  single: 0,
  'eingetragene lebenspartnerschaft': 2,
  lebenspartnerschaft: 2,
  partnered: 2,
});
export const STATE_CHOICE = choice(GERMAN_STATES, ['states']);
/** The church's code: the console's words for the codes it names; any other code kept as written. */
export const CHURCH_CHOICE = choice(Object.keys(CHOICE_LABELS_DE.churches), ['churches'], {}, true);
export const POSTING_TYPE_CHOICE = choice(BALANCE_TYPES, ['balanceTypes']);
export const EXEMPTION_ORDER_TYPE_CHOICE = choice(EXEMPTION_ORDER_TYPES, ['exemptionTypes'], {
  erstantrag: 0,
  initial: 0,
  folgeantrag: 1,
  änderung: 1,
  'follow up': 1,
  'follow-up': 1,
});
export const NV_TYPE_CHOICE = choice(NON_ASSESSMENT_TYPES, ['nvTypesShort', 'nvTypes']);
