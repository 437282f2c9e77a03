import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { Link, styled } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MANUAL_URL } from '../config';
import { useSession } from '../session/session';
import { Countdown } from './Countdown';
import { LanguageSelect } from './LanguageSelect';

// Static styles: no `sx` to resolve at every render.
const Footer = styled('footer')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(0.5, 3),
  minHeight: 40,
  borderTop: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.secondary,
}));
const Gap = styled('div')({ flex: 1 });

/** Bottom bar (SPEC 2, Shell): token countdown, manual link (signed in and configured), language. */
export function BottomBar() {
  const session = useSession();
  const translate = useTranslate();
  return (
    <Footer>
      <Countdown />
      {session && MANUAL_URL ? (
        <Link href={MANUAL_URL} target="_blank" rel="noopener" underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14 }} data-testid="manual-link">
          <MenuBookOutlinedIcon fontSize="small" />
          {translate('coop.shell.manual')}
        </Link>
      ) : null}
      <Gap />
      <LanguageSelect />
    </Footer>
  );
}
