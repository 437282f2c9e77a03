import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MANUAL_URL } from '../config';
import { useSession } from '../session/session';
import { Countdown } from './Countdown';
import { LanguageSelect } from './LanguageSelect';

/** Bottom bar (SPEC 2, Shell): token countdown, manual link (signed in and configured), language. */
export function BottomBar() {
  const session = useSession();
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        px: 3,
        py: 0.5,
        minHeight: 40,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        color: 'text.secondary',
      }}
    >
      <Countdown />
      {session && MANUAL_URL ? (
        <Link href={MANUAL_URL} target="_blank" rel="noopener" underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14 }} data-testid="manual-link">
          <MenuBookOutlinedIcon fontSize="small" />
          {translate('coop.shell.manual')}
        </Link>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <LanguageSelect />
    </Box>
  );
}
