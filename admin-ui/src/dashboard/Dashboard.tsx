import { Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CooperativeCard } from '../cooperative/CooperativeCard';
import { useSession } from '../session/session';

/** `/`: the main dashboard. For now the cooperative card only; the member figures come with the members issue. */
export default function Dashboard() {
  const translate = useTranslate();
  const session = useSession();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('coop.dashboard.welcome', { name: session?.username ?? '' })}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8, lg: 6 }}>
          <CooperativeCard testId="dashboard-cooperative-card" />
        </Grid>
      </Grid>
    </>
  );
}
