import { Box, CircularProgress, styled } from '@mui/material';
import { memo, Suspense, type ReactNode } from 'react';
import { SessionKeeper } from '../session/SessionKeeper';
import { BottomBar } from './BottomBar';
import { DocumentTitle } from './DocumentTitle';
import { TopBar } from './TopBar';

export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress size={32} />
    </Box>
  );
}

// The shell's parts take no props: memoised, they redraw only for what they show (the address, the session, the
// language), not whenever react-admin redraws the layout with the routes (every navigation).
const Title = memo(DocumentTitle);
const Keeper = memo(SessionKeeper);
const Top = memo(TopBar);
const Bottom = memo(BottomBar);

const Shell = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: theme.palette.background.default }));
const Main = styled('main')(({ theme }) => ({
  flex: 1,
  width: '100%',
  maxWidth: 1440,
  marginLeft: 'auto',
  marginRight: 'auto',
  padding: theme.spacing(2, 1.5),
  [theme.breakpoints.up('md')]: { padding: theme.spacing(3) },
}));

/** The shell: top bar, page, bottom bar (no side bar: the menu lives in the top bar). */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      <Title />
      <Keeper />
      <Top />
      <Main>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </Main>
      <Bottom />
    </Shell>
  );
}
