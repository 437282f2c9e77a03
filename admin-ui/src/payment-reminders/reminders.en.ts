/** English texts of the payment reminders (issue 45), merged into `en.ts` as `coop.reminders`; German in `reminders.de.ts`. */
export const remindersEn = {
  title: 'Payment reminders',
  intro:
    'Members whose payment on shares is overdue on this day by the days of the payment terms, with the level of their next reminder.',
  date: 'Reminder date',
  dateRange: 'sent dated %{earliest} to today',
  previewOnly:
    'Who would be due on this day. Reminders are sent dated from %{earliest} to %{today} (the date of the letter); choose such a day to send them.',
  empty: 'Nobody is due for a reminder on %{date}.',
  selectAll: 'Select all',
  moreThanOneSending:
    'More than %{max} members are due. One sending reminds at most %{max}: "Select all" selects the first %{max} (the oldest dues); send them, then select the rest.',
  selectOne: 'Select %{name}',
  fields: {
    memberNr: 'No.',
    member: 'Member',
    level: 'Level',
    amount: 'Overdue',
    dueSince: 'Due since',
    lastReminder: 'Last reminder',
    date: 'Date',
  },
  levels: { 1: 'Payment reminder', 2: '2nd reminder', 3: 'Final reminder' },
  selected: '%{count} selected',
  send: 'Send reminders',
  confirmTitle: 'Send the reminders?',
  confirm:
    'Record %{count} reminder dated %{date}, %{sum} overdue, and make its letter? Each member is reminded once a day. |||| Record %{count} reminders dated %{date}, %{sum} overdue in total, and make their letters? Each member is reminded once a day.',
  confirmYes: 'Send',
  cancel: 'Cancel',
  sent: '%{sent} reminder recorded (%{sum}), %{skipped} not due. |||| %{sent} reminders recorded (%{sum}), %{skipped} not due.',
  letters: 'Letters (PDF)',
  downloadFailed: 'The file could not be made: %{message}',
  member: 'Reminders',
};
