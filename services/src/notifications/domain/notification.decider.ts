import { NotFoundError, type Decider, type NotificationEvent } from '@coop/contracts';

/*
 * A notification's stream `notification-<id>` (issue 24): raised once, then marked seen once. The decider keeps what
 * marking it seen needs: whether it exists, whose cooperative it is, whether it is seen already.
 */

export interface NotificationState {
  readonly exists: boolean;
  readonly cooperativeId: string | null;
  readonly seen: boolean;
}

export type NotificationCommand = {
  readonly type: 'MarkNotificationSeen';
  readonly notificationId: string;
  readonly cooperativeId: string;
  readonly seenAt: string;
};

const initial: NotificationState = { exists: false, cooperativeId: null, seen: false };

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRaised':
        return { exists: true, cooperativeId: event.data.cooperativeId, seen: false };
      case 'NotificationSeen':
        return { ...state, seen: true };
    }
  },
  decide(command, state) {
    // Another cooperative's notification is as unknown as one never raised.
    if (!state.exists || state.cooperativeId !== command.cooperativeId)
      throw new NotFoundError('Notification', command.notificationId);
    if (state.seen) return [];
    return [{ type: 'NotificationSeen', data: { notificationId: command.notificationId, seenAt: command.seenAt } }];
  },
};
