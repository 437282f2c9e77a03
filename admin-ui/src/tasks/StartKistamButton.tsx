import ChurchIcon from '@mui/icons-material/Church';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { can, useSession } from '../session/session';

/**
 * The cooperative card's "Start KiStAM" (SPEC 2): to the confirmation `/dashboard/kistam`; disabled for a clerk who may
 * not run it (SPEC 6: ROLE_USER; the roles that run the dividend, as the dividend's buttons).
 */
export function StartKistamButton() {
  const translate = useTranslate();
  const allowed = can(useSession(), 'church:write');
  return allowed ? (
    <Button
      component={RouterLink}
      to="/dashboard/kistam"
      variant="outlined"
      size="small"
      startIcon={<ChurchIcon />}
      data-testid="dashboard-start-kistam"
    >
      {translate('coop.kistam.start')}
    </Button>
  ) : (
    <Button variant="outlined" size="small" startIcon={<ChurchIcon />} disabled data-testid="dashboard-start-kistam">
      {translate('coop.kistam.start')}
    </Button>
  );
}
