import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, CircularProgress, styled, Toolbar } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLoading, useTranslate } from 'react-admin';
import { MENU, type MenuEntry } from '../routes';
import { hasRole, loginPath, useSession } from '../session/session';

/** The spinner while requests run: its own component, so a request starting or ending redraws only this. */
function LoadingSpinner() {
  return useLoading() ? <CircularProgress size={20} color="inherit" data-testid="loading-spinner" aria-label="loading" /> : null;
}

/** The entries' look, one static style for all seven (the highlight follows `aria-current`). */
const EntryButton = styled(Button)(({ theme }) => ({
  textTransform: 'none',
  fontSize: 14,
  padding: theme.spacing(0.75, 1),
  whiteSpace: 'nowrap',
  flexShrink: 0,
  backgroundColor: 'transparent',
  // Seven entries (German labels are long): the icons only where there is room, never squeezed text.
  '& .MuiButton-startIcon': { display: 'none' },
  [theme.breakpoints.up('xl')]: { fontSize: 15, padding: theme.spacing(0.75, 1.5), '& .MuiButton-startIcon': { display: 'inherit' } },
  '&[aria-current="page"]': { backgroundColor: 'rgba(255,255,255,0.16)' },
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.24)' },
})) as typeof Button;

/**
 * One menu entry. Memoised: the bar redraws on every navigation and token refresh, and styling seven buttons
 * anew each time is most of its cost; an entry redraws only when its label or highlight changes.
 */
const MenuButton = memo(function MenuButton({ entry, label, active }: { entry: MenuEntry; label: string; active: boolean }) {
  const Icon = entry.icon;
  return (
    <EntryButton
      component={RouterLink}
      to={entry.path}
      color="inherit"
      startIcon={<Icon fontSize="small" />}
      data-testid={entry.testId}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </EntryButton>
  );
});

/**
 * Top bar (SPEC 2, Shell): the menu (signed-in users only; role-restricted entries only with the role),
 * a spinner while requests run, the logout link with the user's name, a login link when signed out.
 * The notifications link with its unread count comes with the notifications endpoint (not built yet).
 */
export function TopBar() {
  const session = useSession();
  const translate = useTranslate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const entries = session ? MENU.filter((m) => !m.role || hasRole(session, m.role)) : [];
  return (
    <AppBar position="sticky" elevation={0} color="primary">
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
        <Button
          component={RouterLink}
          to="/"
          color="inherit"
          startIcon={<AccountBalanceIcon />}
          sx={{ fontSize: 17, fontWeight: 600, textTransform: 'none', mr: 2, whiteSpace: 'nowrap' }}
          data-testid="brand"
        >
          {translate('coop.app.name')}
        </Button>
        <Box component="nav" aria-label={translate('coop.shell.mainMenu')} sx={{ display: 'flex', gap: 0.5, flex: 1, overflowX: 'auto' }}>
          {entries.map((entry) => (
            <MenuButton
              key={entry.path}
              entry={entry}
              label={translate(entry.label)}
              active={[entry.path, ...(entry.also ?? [])].some((p) => location.pathname.startsWith(p))}
            />
          ))}
        </Box>
        <Box sx={{ width: 28, display: 'flex', justifyContent: 'center' }} aria-live="polite">
          <LoadingSpinner />
        </Box>
        {session ? (
          <Button
            component={RouterLink}
            to={`/logout?redirect=${encodeURIComponent(here)}`}
            color="inherit"
            endIcon={<LogoutIcon />}
            data-testid="logout-link"
            aria-label={translate('coop.shell.logoutAs', { name: session.username })}
            title={translate('coop.shell.logout')}
            sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
          >
            {session.username}
          </Button>
        ) : (
          <Button component={RouterLink} to={location.pathname === '/login' ? here : loginPath(here)} color="inherit" startIcon={<LoginIcon />} data-testid="login-link" sx={{ textTransform: 'none' }}>
            {translate('coop.shell.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
