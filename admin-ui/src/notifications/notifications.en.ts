import type { NotificationEntityClass, NotificationMessage, NotificationType } from '@coop/contracts/console';

/**
 * English texts of the notifications (the list and the dashboard card; issue 24), merged into `i18n/en.ts` as
 * `coop.notifications`. German in `notifications.de.ts`.
 */
export const notificationsEn = {
  notifications: {
    title: 'Notifications',
    empty: 'No unread notifications.',
    emptyAll: 'No notifications.',
    showSeen: 'Show seen notifications',
    seen: 'Seen',
    markAllSeen: 'Mark all as seen',
    markedSeen: '%{smart_count} notification marked as seen |||| %{smart_count} notifications marked as seen',
    seenToggle: 'Seen: %{headline}',
    link: 'Notifications',
    unread: '%{smart_count} unread notification |||| %{smart_count} unread notifications',
    unreadMany: '%{shown} unread notifications',
    latest: 'Notifications',
    toAll: 'All notifications',
    detail: 'Notification',
    time: 'Time',
    type: 'Type',
    back: 'Back to the list',
    editMember: 'Edit member',
    memberNr: 'Member no. %{nr}',
    errors: 'Errors',
    toTasks: 'To the tasks',
    notFound: 'This notification does not exist (any more).',
    types: {
      generic: 'Message',
      html: 'Message',
      kistamError: 'KiStAM error',
      validationError: 'Validation error',
    } satisfies Record<NotificationType, string>,
    entities: {
      member: 'Edit member',
      exemptionOrder: 'Edit exemption order',
      nonAssessment: 'Edit non-assessment certificate',
      cooperative: 'Edit cooperative',
      task: 'Open the tasks',
      dividend: 'Open the closure',
      settlements: 'Open the settlements',
    } satisfies Record<NotificationEntityClass, string>,
    records: {
      member: 'member',
      exemptionOrder: 'exemption order',
      nonAssessment: 'non-assessment certificate',
      cooperative: 'cooperative',
      task: 'task',
      dividend: 'closure',
      settlements: 'settlements',
    } satisfies Record<NotificationEntityClass, string>,
    messages: {
      taskStarted: 'Started task of type %{0}',
      taskCompleted: 'Completed task of type %{0}',
      taskRejected: 'Task of type %{0} rejected: %{1}',
      taskFailed: 'Task of type %{0} ended with error %{1}',
      kistamStarted: 'KiStAM task started',
      kistamRequestReady:
        'KiStAM request file for %{0} member is ready to upload to the BZSt online portal |||| KiStAM request file for %{0} members is ready to upload to the BZSt online portal',
      kistamAnswerRead: 'KiStAM answer read – with church tax: %{0}, without church tax: %{1}, errors: %{2}',
      kistamMemberError: 'KiStAM error processing member %{0}: %{1}',
      kistamGenericError: 'KiStAM error: %{0}',
      kistamNoInformation: 'No information for member %{0} available',
      fsakSent: 'FSA control report for %{0} is ready (records: %{1}, files: %{2})',
      fsakErrorNumber: 'FSAK task ended with error number %{0}',
      fsakRejectedCurrentYear:
        "Rejected task because the payment date is in the current year (It's not allowed to send a FSA of the actual year)",
      validationFailed: 'Entity validation failed: %{0}',
      kistamMembersNotQueried: 'KiStAM: %{0} member cannot be queried |||| KiStAM: %{0} members cannot be queried',
      kistamRegularStatusDate:
        'Regular query: BZSt answers the church tax status on %{0} (always 31 August; queried from 1 September to 31 October), which applies to the dividends paid in %{1}.',
      settlementDeadlineNear:
        'Settlements: %{0} leaver is still to be paid by %{1}, the end of the payout period (§ 73 GenG) |||| Settlements: %{0} leavers are still to be paid by %{1}, the end of the payout period (§ 73 GenG)',
    } satisfies Record<NotificationMessage, string>,
  },
};
