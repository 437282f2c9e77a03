import { Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CooperativeCard } from '../cooperative/CooperativeCard';
import { useSession } from '../session/session';
import { DividendButtons } from './DividendButtons';
import { MemberMoneyButtons } from './MemberMoneyButtons';
import { MembersCard } from './MembersCard';
import { SetupChecklist } from './SetupChecklist';
import { ImportRunningNotice } from '../member-import/ImportRunningNotice';
import { readsMembers } from './exports';
import { readsNotifications } from '../notifications/model';
import { NotificationsCard } from '../notifications/NotificationsCard';
import { StartKistamButton } from '../tasks/StartKistamButton';

/** `/`: the main dashboard: what a new cooperative must set up first (while anything is open), the members card beside the cooperative card, the latest notifications under them (SPEC 2). */
export default function Dashboard() {
  const translate = useTranslate();
  const session = useSession();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('coop.dashboard.welcome', { name: session?.username ?? '' })}
      </Typography>
      <SetupChecklist />
      {readsMembers(session?.roles) ? <ImportRunningNotice /> : null}
      <Grid container spacing={3} alignItems="stretch">
        {/* The card's figures and exports need `members:read`: a user administrator alone would see a refusal. */}
        {readsMembers(session?.roles) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <MembersCard />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, md: 6 }}>
          <CooperativeCard
            testId="dashboard-cooperative-card"
            actions={
              <>
                <StartKistamButton />
                <DividendButtons />
                <MemberMoneyButtons />
              </>
            }
          />
        </Grid>
        {readsNotifications(session?.roles) ? (
          <Grid size={{ xs: 12 }}>
            <NotificationsCard />
          </Grid>
        ) : null}
      </Grid>
    </>
  );
}
