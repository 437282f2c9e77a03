/**
 * English texts of the parts every screen shares: lists, the edit header, form words, the warnings' and unsaved
 * changes' dialogs: `coop.list`, `coop.edit`, `coop.form`, `coop.warnings`, `coop.unsaved`, merged into `i18n/en.ts`.
 * German in `common.de.ts`.
 */
export const commonEn = {
  list: {
    search: 'Search',
    clearSearch: 'Clear search',
    // The buttons of a field with a list of choices (MUI Autocomplete): their aria-label and title.
    openChoices: 'Open',
    closeChoices: 'Close',
    clearChoice: 'Clear',
    empty: 'No entries found',
    details: 'Details',
    edit: 'Edit',
    add: 'Add',
    rowsPerPage: 'Rows per page',
    range: '%{from}–%{to} of %{total}',
    loadFailed: 'The list could not be loaded: %{message}',
    sortHint: 'Sort: ascending, descending, none',
    actions: 'Actions',
  },
  edit: {
    back: 'Back',
    save: 'Save',
    delete: 'Delete',
    confirmDeleteTitle: 'Delete "%{name}"?',
    confirmDeleteContent: 'This cannot be undone.',
    cancel: 'Cancel',
    saved: 'Saved',
    created: 'Created',
    deleted: 'Deleted',
    readOnly: 'You can view this record but not change it.',
    loadFailed: 'The record could not be loaded: %{message}',
  },
  form: {
    dateHint: 'dd.mm.yyyy',
    yes: 'Yes',
    no: 'No',
    none: 'none',
  },
  warnings: {
    title: 'Please check before saving',
    intro: 'These entries are possible but unusual:',
    saveAnyway: 'Save anyway',
    notSaved: 'Not saved: the warnings were not confirmed.',
  },
  unsaved: {
    title: 'Leave without saving?',
    content: 'This form has changes that are not saved. They are lost when you leave.',
    leave: 'Leave without saving',
  },
  draft: {
    restored: 'What you entered before the sign-out is back in the form. Check it and save.',
  },
};
