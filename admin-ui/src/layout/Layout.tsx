import { Box, CircularProgress } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
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

/** The shell: top bar, page, bottom bar (no side bar: the menu lives in the top bar). */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <DocumentTitle />
      <SessionKeeper />
      <TopBar />
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 1.5, md: 3 }, py: { xs: 2, md: 3 } }}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </Box>
      <BottomBar />
    </Box>
  );
}
