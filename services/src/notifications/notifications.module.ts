import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NOTIFIER } from '../tasks/index.js';
import { MarkNotificationsSeenHandler } from './commands/mark-seen.command.js';
import { NotificationsController } from './http/notifications.controller.js';
import { EventNotifier } from './notifier.js';
import { NotificationReads } from './queries/notification-reads.js';

/** The notification centre (issue 24): the list, marking seen, and the `Notifier` other areas raise notifications with. */
@Module({
  imports: [CqrsModule],
  controllers: [NotificationsController],
  providers: [
    MarkNotificationsSeenHandler,
    NotificationReads,
    EventNotifier,
    { provide: NOTIFIER, useExisting: EventNotifier },
  ],
  exports: [NOTIFIER, EventNotifier],
})
export class NotificationsModule {}
