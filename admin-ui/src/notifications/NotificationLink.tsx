import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Icon } from '../plain/icons';
import { bellLabel, unreadShown } from './model';
import { useUnreadCount } from './queries';

/**
 * The top bar's notification link with the unread count (SPEC 2 Shell): `TotalItems` of
 * `GET /notifications?filter=seen:0&limit=1`, asked again on every navigation and every 15 s (SPEC 7). Plain elements
 * (the shell's, decision 26).
 */
export function NotificationLink() {
  const translate = useTranslate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: count } = useUnreadCount(true);
  const first = useRef(true);
  useEffect(() => {
    // The first render asks anyway; every later navigation asks again.
    if (first.current) first.current = false;
    else void queryClient.invalidateQueries({ queryKey: ['notifications', 'unread'] });
  }, [location.pathname, queryClient]);
  const label = bellLabel(translate, count);
  return (
    <RouterLink
      to="/notifications"
      className="cl-btn cl-btn-inherit cl-notify"
      data-testid="notifications-link"
      aria-label={label}
      title={label}
      aria-current={location.pathname.startsWith('/notifications') ? 'page' : undefined}
    >
      <Icon name="notifications" size="small" />
      {count ? (
        <span className="cl-badge" data-testid="notifications-unread" aria-hidden="true">
          {unreadShown(count)}
        </span>
      ) : null}
    </RouterLink>
  );
}
