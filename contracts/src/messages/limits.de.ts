import type { LIMIT_MESSAGES_EN } from './limits.en.js';

/** German texts of the limits' templates (the same keys as `limits.en.ts`; formal "Sie"). */
export const LIMIT_MESSAGES_DE: Record<keyof typeof LIMIT_MESSAGES_EN, string> = {
  tooLong: 'Höchstens %{0} Zeichen',
  dateOutOfRange: 'Bitte ein Datum vom %{0} bis %{1} eingeben',
  controlCharacters: 'Darf keine Steuerzeichen enthalten',
  tooManyTerms: 'Höchstens %{0} Angaben',
  renderBudgetExceeded:
    'Die Datei konnte nicht innerhalb ihrer Grenze von %{0} Sekunden und %{1} MB erstellt werden; bitte versuchen Sie es später erneut oder wählen Sie bei einem PDF weniger Mitglieder',
  renderBusy: 'Gerade werden andere PDFs und Listen erstellt. Bitte versuchen Sie es in einer Minute noch einmal.',
  csvBodyBusy: 'Gerade werden andere Dateien empfangen. Bitte versuchen Sie es in einer Minute noch einmal.',
  sepaNameNotRepresentable:
    'Der Name des Kontoinhabers kann nicht in die SEPA-Datei geschrieben werden (nur lateinische Buchstaben, Ziffern und wenige Zeichen sind erlaubt); bitte in lateinischen Buchstaben erfassen (Mitgl.-Nr. %{0})',
};
