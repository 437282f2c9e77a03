import CalculateIcon from '@mui/icons-material/Calculate';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { can, useSession } from '../session/session';

/**
 * The cooperative card's dividend buttons on the main dashboard (SPEC 2): Calculate dividend (step 1 of the wizard;
 * disabled for a clerk who may not calculate, as the API refuses it) and Annual closures.
 */
export function DividendButtons() {
  const translate = useTranslate();
  const session = useSession();
  const canCalculate = can(session, 'dividend:close');
  return (
    <>
      {canCalculate ? (
        <Button
          component={RouterLink}
          to="/dividend/calculator"
          variant="outlined"
          size="small"
          startIcon={<CalculateIcon />}
          data-testid="dashboard-calculate-dividend"
        >
          {translate('coop.dashboard.calculateDividend')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          size="small"
          startIcon={<CalculateIcon />}
          disabled
          data-testid="dashboard-calculate-dividend"
        >
          {translate('coop.dashboard.calculateDividend')}
        </Button>
      )}
      <Button
        component={RouterLink}
        to="/dividend/closures"
        variant="outlined"
        size="small"
        startIcon={<ListAltIcon />}
        data-testid="dashboard-annual-closures"
      >
        {translate('coop.dashboard.annualClosures')}
      </Button>
    </>
  );
}
