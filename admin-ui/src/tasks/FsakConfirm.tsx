import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Calculating, Failed } from '../dividend/parts';
import { formatDate } from '../format';
import { AccessDenied } from '../layout/AccessDenied';
import { memberName } from '../members/model';
import { templateText } from '../notifications/model';
import { can, useSession } from '../session/session';
import { startFsak, useFsakPreview } from './queries';

/**
 * `/dividend/fsak/{id}` (SPEC 2 "Tax-office request confirmation"): what the FSA control report of the closure will hold
 * (`GET /tasks/fsak/{id}`): its records, the members for whom it is impossible with why and the way to fix them, whether
 * it corrects an earlier report; then Yes (queue it, `POST /tasks/fsak/{id}`, and open the tasks) or No (back to the
 * closure). The heading names the year the report is for (the payment's calendar year); a start the server would refuse
 * (that year not over, no approval number of process fs, nothing to report) is not offered: the preview's reason is shown
 * instead, and a refusal answered by the server (400) is shown as it is, never a "queued" toast (issue 43).
 */
export default function FsakConfirm() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useSession();
  const { id = '' } = useParams();
  const preview = useFsakPreview(id);
  const start = useMutation({
    mutationFn: () => startFsak(id),
    onSuccess: async () => {
      notify('coop.fsak.started', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      navigate('/tasks');
    },
  });
  if (!can(session, 'dividend:close')) return <AccessDenied permission="dividend:close" />;
  const p = preview.data;
  const back = () => navigate(`/dividend/closures/${encodeURIComponent(id)}`);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Card
        component="section"
        aria-labelledby="fsak-title"
        sx={{ maxWidth: 960, width: '100%' }}
        data-testid="fsak-confirm"
      >
        <CardHeader
          id="fsak-title"
          title={translate('coop.fsak.title', { year: p?.reportYear ?? '' })}
          subheader={p ? translate('coop.fsak.closureOf', { year: p.year, date: formatDate(p.paymentDate) }) : null}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        />
        <CardContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          {preview.isPending ? <Calculating testId="fsak-loading" text="coop.fsak.loading" /> : null}
          {preview.error ? <Failed error={preview.error} testId="fsak-preview-failed" /> : null}
          {p ? (
            <>
              <Typography data-testid="fsak-records">
                {translate('coop.fsak.records', { smart_count: p.records })}
              </Typography>
              {p.earlierReports.length > 0 ? (
                <Alert severity="info" data-testid="fsak-correction">
                  {translate('coop.fsak.correction', { smart_count: p.earlierReports.length })}
                </Alert>
              ) : null}
              <Typography variant="subtitle1" component="h2" id="fsak-impossible-title">
                {translate('coop.fsak.impossibleTitle')}
              </Typography>
              {p.impossible.length === 0 ? (
                <Typography color="text.secondary" data-testid="fsak-impossible-none">
                  {translate('coop.fsak.impossibleNone')}
                </Typography>
              ) : (
                <Table size="small" aria-labelledby="fsak-impossible-title" data-testid="fsak-impossible">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.members.fields.memberNr')}</TableCell>
                      <TableCell>{translate('resources.members.fields.name')}</TableCell>
                      <TableCell>{translate('coop.fsak.reasons')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {p.impossible.map((m) => (
                      <TableRow key={m.member} data-testid="fsak-impossible-row">
                        <TableCell>{m.memberNr}</TableCell>
                        <TableCell>
                          <Link
                            component={RouterLink}
                            to={`/members/${encodeURIComponent(m.member)}`}
                            data-testid="fsak-impossible-member"
                          >
                            {memberName(m)}
                          </Link>
                        </TableCell>
                        <TableCell>
                          {m.reasons.map((r) => templateText(translate, r, [String(m.memberNr)])).join(' · ')}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {p.refusal ? (
                <Alert severity="warning" data-testid="fsak-not-startable">
                  {templateText(translate, p.refusal.template, p.refusal.parameters)}
                </Alert>
              ) : (
                <Typography sx={{ fontWeight: 500 }}>{translate('coop.fsak.question')}</Typography>
              )}
            </>
          ) : null}
          {start.isPending ? <Calculating testId="fsak-starting" text="coop.kistam.starting" /> : null}
          {start.error ? <Failed error={start.error} testId="fsak-refused" /> : null}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            disabled={!p || p.refusal !== null || start.isPending}
            onClick={() => start.mutate()}
            data-testid="fsak-yes"
          >
            {translate('coop.form.yes')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<CloseIcon />}
            disabled={start.isPending}
            onClick={back}
            data-testid="fsak-no"
          >
            {translate('coop.form.no')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}
