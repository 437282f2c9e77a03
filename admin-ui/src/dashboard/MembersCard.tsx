import type { DashboardDto } from '@coop/contracts/console';
import GroupIcon from '@mui/icons-material/Group';
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatCount, formatMoney } from '../format';
import { shareCount } from '../members/model';
import { useCooperative } from '../members/useCooperative';
import { api } from '../session/api';
import { MemberExports } from './MemberExports';

function Figure({ label, value, testId, loading }: { label: string; value: string; testId: string; loading: boolean }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'background.default', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', mt: 0.25 }} data-testid={testId}>
        {loading ? <Skeleton width={80} /> : value}
      </Typography>
    </Box>
  );
}

/**
 * The members card of the main dashboard (SPEC 2): counts, shares (balance sum / share price), capital, the list, and
 * the exports and PDFs as of a date (issue 26). Shown to the roles that read members only (`Dashboard`).
 */
export function MembersCard() {
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await api<DashboardDto>('/dashboard')).body,
  });
  const { data: coop } = useCooperative();
  const shares = data && coop ? shareCount(data.balanceSum, coop.balanceCost) : null;
  return (
    <Card
      component="section"
      aria-labelledby="members-card-title"
      data-testid="dashboard-members-card"
      sx={{ height: '100%' }}
    >
      <CardHeader
        id="members-card-title"
        title={translate('coop.dashboard.members')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            component={RouterLink}
            to="/members"
            startIcon={<GroupIcon />}
            size="small"
            variant="outlined"
            data-testid="dashboard-to-members"
          >
            {translate('coop.dashboard.toMembers')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error instanceof Error ? error.message : String(error)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr' }, gap: 1.5 }}>
          <Figure
            label={translate('coop.dashboard.memberCount')}
            value={formatCount(data?.memberCount)}
            testId="dashboard-memberCount"
            loading={isPending}
          />
          <Figure
            label={translate('coop.dashboard.memberExitCount')}
            value={formatCount(data?.memberExitCount)}
            testId="dashboard-memberExitCount"
            loading={isPending}
          />
          <Figure
            label={translate('coop.dashboard.shareCount')}
            value={
              shares === null
                ? coop && !coop.balanceCost
                  ? translate('coop.dashboard.noSharePrice')
                  : ''
                : formatCount(shares)
            }
            testId="dashboard-shareCount"
            loading={isPending}
          />
          <Figure
            label={translate('coop.dashboard.capital')}
            value={formatMoney(data?.balanceSum)}
            testId="dashboard-capital"
            loading={isPending}
          />
        </Box>
        <MemberExports />
      </CardContent>
    </Card>
  );
}
