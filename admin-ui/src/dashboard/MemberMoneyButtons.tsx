import HandshakeIcon from '@mui/icons-material/Handshake';
import SummarizeIcon from '@mui/icons-material/Summarize';
import PaymentsIcon from '@mui/icons-material/Payments';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { can, useSession } from '../session/session';

/**
 * The cooperative card's buttons for the members' money beside the dividend: the settlements with those who leave
 * (issue 42), the year's movement report, the outstanding payments on shares, the direct debits and the payment
 * reminders (issue 45); each shown to those whose role may read it.
 */
export function MemberMoneyButtons() {
  const translate = useTranslate();
  const session = useSession();
  const canReadDues = can(session, 'sharepayments:read');
  return (
    <>
      <Button
        component={RouterLink}
        to="/settlements"
        variant="outlined"
        size="small"
        startIcon={<HandshakeIcon />}
        data-testid="dashboard-settlements"
      >
        {translate('coop.dashboard.settlements')}
      </Button>
      {/* The year's movement report for the annual accounts (issue 45, § 338 HGB). */}
      {can(session, 'reports:read') ? (
        <Button
          component={RouterLink}
          to="/reports/movements"
          variant="outlined"
          size="small"
          startIcon={<SummarizeIcon />}
          data-testid="dashboard-movement-report"
        >
          {translate('coop.dashboard.movementReport')}
        </Button>
      ) : null}
      {canReadDues ? (
        <Button
          component={RouterLink}
          to="/share-dues"
          variant="outlined"
          size="small"
          startIcon={<PaymentsIcon />}
          data-testid="dashboard-share-dues"
        >
          {translate('coop.dashboard.shareDues')}
        </Button>
      ) : null}
      {can(session, 'directdebits:read') ? (
        <Button
          component={RouterLink}
          to="/direct-debits"
          variant="outlined"
          size="small"
          startIcon={<AccountBalanceIcon />}
          data-testid="dashboard-direct-debits"
        >
          {translate('coop.dashboard.directDebits')}
        </Button>
      ) : null}
      {can(session, 'paymentreminders:read') ? (
        <Button
          component={RouterLink}
          to="/payment-reminders"
          variant="outlined"
          size="small"
          startIcon={<MarkEmailUnreadIcon />}
          data-testid="dashboard-payment-reminders"
        >
          {translate('coop.dashboard.paymentReminders')}
        </Button>
      ) : null}
    </>
  );
}
