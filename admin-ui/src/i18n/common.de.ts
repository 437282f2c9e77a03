import type { Messages } from './messages';
import type { commonEn } from './common.en';

/**
 * German texts of the parts every screen shares: lists, the edit header, form words, the warnings' and unsaved changes'
 * dialogs (the keys of `common.en.ts`; formal "Sie"), merged into `i18n/de.ts`.
 */
export const commonDe: Messages<typeof commonEn> = {
  list: {
    search: 'Suche',
    clearSearch: 'Suche leeren',
    openChoices: 'Öffnen',
    closeChoices: 'Schließen',
    clearChoice: 'Leeren',
    empty: 'Keine Einträge gefunden',
    details: 'Details',
    edit: 'Bearbeiten',
    add: 'Hinzufügen',
    rowsPerPage: 'Zeilen pro Seite',
    range: '%{from}–%{to} von %{total}',
    loadFailed: 'Die Liste konnte nicht geladen werden: %{message}',
    sortHint: 'Sortierung: aufsteigend, absteigend, keine',
    actions: 'Aktionen',
  },
  edit: {
    back: 'Zurück',
    save: 'Speichern',
    delete: 'Löschen',
    confirmDeleteTitle: '„%{name}“ löschen?',
    confirmDeleteContent: 'Das kann nicht rückgängig gemacht werden.',
    cancel: 'Abbrechen',
    saved: 'Gespeichert',
    created: 'Angelegt',
    deleted: 'Gelöscht',
    readOnly: 'Sie können diesen Datensatz ansehen, aber nicht ändern.',
    loadFailed: 'Der Datensatz konnte nicht geladen werden: %{message}',
  },
  form: {
    dateHint: 'tt.mm.jjjj',
    yes: 'Ja',
    no: 'Nein',
    none: 'keine',
  },
  warnings: {
    title: 'Bitte vor dem Speichern prüfen',
    intro: 'Diese Angaben sind möglich, aber ungewöhnlich:',
    saveAnyway: 'Trotzdem speichern',
    notSaved: 'Nicht gespeichert: Die Hinweise wurden nicht bestätigt.',
  },
  unsaved: {
    title: 'Ohne Speichern verlassen?',
    content: 'Dieses Formular hat Änderungen, die nicht gespeichert sind. Sie gehen beim Verlassen verloren.',
    leave: 'Ohne Speichern verlassen',
  },
  draft: {
    restored: 'Ihre Eingaben von vor der Abmeldung stehen wieder im Formular. Bitte prüfen und speichern.',
  },
};
