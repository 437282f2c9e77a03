import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Card, CardActions, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { inRegularQueryPeriod, regularStatusDate, statusAppliesTo } from '@coop/contracts/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Calculating, Failed } from '../dividend/parts';
import { AccessDenied } from '../layout/AccessDenied';
import { can, useSession } from '../session/session';
import { today as todayIso } from '../members/model';
import { formatDate } from '../format';
import { startKistam, useWaitingKistam } from './queries';

/**
 * Which status the regular query of today asks BZSt for, and for which payouts it counts (issue 43: the date in the
 * request file and the notification surprised a clerk who ran it in November); outside 1 September – 31 October the
 * clerk is told that today lies outside the period of the regular query.
 */
function KistamDates() {
  const translate = useTranslate();
  const today = todayIso();
  const statusDate = regularStatusDate(today);
  const params = { status: formatDate(statusDate), year: statusAppliesTo(statusDate), today: formatDate(today) };
  return (
    <>
      <Typography data-testid="kistam-status-date">{translate('coop.kistam.statusDate', params)}</Typography>
      {inRegularQueryPeriod(today) ? null : (
        <Alert severity="info" data-testid="kistam-outside-period">
          {translate('coop.kistam.outsidePeriod', params)}
        </Alert>
      )}
    </>
  );
}

/**
 * A KiStAM task waiting for the BZSt answer: starting again cancels it (docs/tasks.md), though its request file may
 * already be with BZSt, whose answer could then no longer be uploaded. Asked of the tasks when the screen opens.
 */
function WaitingKistam({ enabled }: { enabled: boolean }) {
  const translate = useTranslate();
  const waiting = useWaitingKistam(enabled);
  if (!waiting.data) return null;
  return (
    <Alert severity="warning" data-testid="kistam-waiting">
      {translate('coop.kistam.waiting', { date: formatDate(waiting.data.queuedAt) })}{' '}
      <Link component={RouterLink} to="/tasks" data-testid="kistam-waiting-tasks">
        {translate('coop.kistam.waitingLink')}
      </Link>
    </Alert>
  );
}

/**
 * `/dashboard/kistam` (SPEC 2 "KiStAM confirmation"): "Start KiStAM?". Yes queues the task (`POST /tasks/kistam`), says so
 * and goes back to the dashboard; No goes back. A KiStAM task waiting for the BZSt answer is named with a warning: the start
 * cancels it. A refusal (no approval number of process km, a KiStAM already running) is
 * shown in the clerk's language and the screen stays.
 */
export default function KistamConfirm() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useSession();
  const start = useMutation({
    mutationFn: startKistam,
    onSuccess: async () => {
      notify('coop.kistam.started', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      navigate('/');
    },
  });
  if (!can(session, 'church:write')) return <AccessDenied permission="church:write" />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Card
        component="section"
        aria-labelledby="kistam-title"
        sx={{ maxWidth: 720, width: '100%' }}
        data-testid="kistam-confirm"
      >
        <CardHeader
          id="kistam-title"
          title={translate('coop.kistam.title')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        />
        <CardContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          <Typography>{translate('coop.kistam.question')}</Typography>
          <KistamDates />
          <WaitingKistam enabled={can(session, 'tasks:read')} />
          {start.isPending ? <Calculating testId="kistam-starting" text="coop.kistam.starting" /> : null}
          {start.error ? <Failed error={start.error} testId="kistam-refused" /> : null}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            disabled={start.isPending}
            onClick={() => start.mutate()}
            data-testid="kistam-yes"
          >
            {translate('coop.form.yes')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<CloseIcon />}
            disabled={start.isPending}
            onClick={() => navigate('/')}
            data-testid="kistam-no"
          >
            {translate('coop.form.no')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}
