import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonIcon from '@mui/icons-material/Person';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { canAnnul, type BalanceRecord } from '../members/model';
import { BalanceDetails } from './BalanceDetails';

/** `/balances/{id}`: a posting. Postings are never edited (the API has no PUT): it can be annulled and posted again. */
export default function BalanceView() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: b, isPending, error } = useGetOne<BalanceRecord>('balances', { id }, { enabled: !!id });
  if (isPending) return <PageLoading />;
  if (error || !b) return <LoadFailed error={error} />;
  return (
    <Card component="section" data-testid="balance-view" sx={{ maxWidth: 900, mx: 'auto' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)} color="inherit" data-testid="back">
          {translate('coop.edit.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ flex: 1, ml: 1 }} data-testid="form-title">
          {translate('coop.title.balance')}
        </Typography>
        <Button
          component={RouterLink}
          to={`/member/${encodeURIComponent(b.member)}`}
          startIcon={<PersonIcon />}
          variant="outlined"
        >
          {translate('coop.members.toDashboard')}
        </Button>
        {canAnnul(b) ? (
          <Button
            component={RouterLink}
            to={`/balances/new/type/5/peer/${encodeURIComponent(b.id)}`}
            startIcon={<UndoIcon />}
            variant="contained"
            color="warning"
            data-testid="balance-annul"
          >
            {translate('coop.balances.annul')}
          </Button>
        ) : null}
      </Box>
      <CardContent sx={{ px: 3 }}>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate('coop.balances.readOnlyHint')}
        </Alert>
        <BalanceDetails balance={b} />
      </CardContent>
    </Card>
  );
}
