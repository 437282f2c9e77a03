import { lazy, memo, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLoading, useTranslate } from 'react-admin';
import { Icon, Spinner } from '../plain/icons';
import type { MenuEntry } from '../registry';
import { MENU } from '../resources';
import { can, loginPath, useSession } from '../session/session';
import { NotificationLink } from '../notifications/NotificationLink';
import { TaskIndicator } from '../tasks/TaskIndicator';

const OwnPasswordDialog = lazy(() => import('../users/OwnPasswordDialog'));

/** The user menu's "Change password": a button opening the dialog (loaded when first opened). */
function OwnPasswordButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState<boolean | null>(null);
  const label = translate('coop.password.menu');
  return (
    <>
      <button
        type="button"
        className="cl-btn cl-btn-inherit"
        onClick={() => setOpen(true)}
        data-testid="own-password-link"
        aria-label={label}
        title={label}
      >
        <Icon name="key" size="small" />
      </button>
      {open === null ? null : (
        <Suspense fallback={null}>
          <OwnPasswordDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The spinner while requests run, else the running-task indicator (one slot, so the German menu keeps one line at
 * 1366 px): its own component, so a request starting or ending redraws only this.
 */
function BusySlot({ signedIn }: { signedIn: boolean }) {
  const loading = useLoading();
  return (
    <>
      {loading ? <Spinner size={20} inherit label="loading" testId="loading-spinner" /> : null}
      {signedIn ? <TaskIndicator hidden={loading} /> : null}
    </>
  );
}

/**
 * One menu entry (its look in `plain/plain.css`: the highlight follows `aria-current`, the icon shows only where there
 * is room). Memoised: the bar redraws on every navigation and token refresh; an entry only when its label or
 * highlight changes.
 */
const MenuButton = memo(function MenuButton({
  entry,
  label,
  active,
}: {
  entry: MenuEntry;
  label: string;
  active: boolean;
}) {
  return (
    <RouterLink
      to={entry.path}
      className="cl-btn cl-btn-inherit cl-entry"
      data-testid={entry.testId}
      aria-current={active ? 'page' : undefined}
    >
      <span className="cl-btn-start">
        <Icon name={entry.icon} size="small" />
      </span>
      {label}
    </RouterLink>
  );
});

/**
 * Top bar (SPEC 2, Shell): the menu (signed-in users only; role-restricted entries only with the role),
 * a spinner while requests run, a running-task indicator (to `/tasks`), the notification link with the unread count,
 * the logout link with the user's name, a login link when signed out.
 * Plain elements styled by `plain/plain.css` (decision 26): it renders with every screen, the first one included.
 */
export function TopBar() {
  const session = useSession();
  const translate = useTranslate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const entries = session ? MENU.filter((m) => !m.permission || can(session, m.permission)) : [];
  return (
    <header className="cl-bar">
      <div className="cl-toolbar">
        <RouterLink
          to="/"
          className="cl-btn cl-btn-inherit cl-brand"
          data-testid="brand"
          aria-label={translate('coop.app.name')}
          title={translate('coop.app.name')}
        >
          <span className="cl-btn-start">
            <Icon name="accountBalance" size="small" />
          </span>
          <span className="cl-wide-only">{translate('coop.app.name')}</span>
        </RouterLink>
        <nav aria-label={translate('coop.shell.mainMenu')} className="cl-nav">
          {entries.map((entry) => (
            <MenuButton
              key={entry.path}
              entry={entry}
              label={translate(entry.label)}
              active={[entry.path, ...(entry.also ?? [])].some((p) => location.pathname.startsWith(p))}
            />
          ))}
        </nav>
        <div className="cl-busy" aria-live="polite">
          <BusySlot signedIn={can(session, 'notifications:read')} />
        </div>
        {can(session, 'notifications:read') ? <NotificationLink /> : null}
        {can(session, 'users:own-password') ? <OwnPasswordButton /> : null}
        {session ? (
          <RouterLink
            to={`/logout?redirect=${encodeURIComponent(here)}`}
            className="cl-btn cl-btn-inherit"
            data-testid="logout-link"
            aria-label={translate('coop.shell.logoutAs', { name: session.username })}
            title={translate('coop.shell.logout')}
            style={{ whiteSpace: 'nowrap' }}
          >
            <span className="cl-wide-only">{session.username}</span>
            <span className="cl-btn-end">
              <Icon name="logout" size="small" />
            </span>
          </RouterLink>
        ) : (
          <RouterLink
            to={location.pathname === '/login' ? here : loginPath(here)}
            className="cl-btn cl-btn-inherit"
            data-testid="login-link"
          >
            <span className="cl-btn-start">
              <Icon name="login" size="small" />
            </span>
            {translate('coop.shell.login')}
          </RouterLink>
        )}
      </div>
    </header>
  );
}
