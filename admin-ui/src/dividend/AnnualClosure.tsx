import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { AccessDenied } from '../layout/AccessDenied';
import { can, useSession } from '../session/session';
import { ClosureProgress } from './ClosureProgress';
import { DividendErrors } from './DividendErrors';
import { inputFromQuery, toQuery } from './model';
import { Calculating, Failed } from './parts';
import { FIRST_PAGE, storeDividend, useDividendCalc } from './queries';

/**
 * `/dividend/annualClosure`: step 2 of the wizard (SPEC 2). A confirmation naming the year, the members and the sum of
 * the calculation of step 1 (its inputs in the address); Yes closes the year (`POST /dividend/store`) and opens the
 * closure, No goes back to step 1 with its inputs. A refusal is shown as its message.
 */
export default function AnnualClosure() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [query] = useSearchParams();
  const input = useMemo(() => inputFromQuery(query), [query]);
  const calc = useDividendCalc(input, FIRST_PAGE);
  const close = useMutation({
    mutationFn: storeDividend,
    onSuccess: async (closure) => {
      await queryClient.invalidateQueries({ queryKey: ['dividend'] });
      await queryClient.invalidateQueries({ queryKey: ['members', 'dashboard'] });
      navigate(`/dividend/closures/${encodeURIComponent(closure.id ?? '')}`);
    },
  });
  if (!can(session, 'dividend:close')) return <AccessDenied permission="dividend:close" />;
  if (!input) return <Navigate to="/dividend/calculator" replace />;
  const back = () => navigate(`/dividend/calculator?${toQuery(input)}`);
  const d = calc.data?.dividend;
  const blocked = !d || d.errors.length > 0 || calc.isFetching || close.isPending;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Card
        component="section"
        aria-labelledby="annual-closure-title"
        sx={{ maxWidth: 720, width: '100%' }}
        data-testid="annual-closure"
      >
        <CardHeader
          id="annual-closure-title"
          title={translate('coop.dividend.closureTitle', { year: input.year })}
          subheader={translate('coop.dividend.step2')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        />
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {calc.isFetching && !d ? <Calculating /> : null}
          {calc.error ? <Failed error={calc.error} testId="annual-closure-calc-failed" /> : null}
          {d ? (
            <>
              <Typography data-testid="annual-closure-question">
                {translate('coop.dividend.closureQuestion', {
                  year: d.year,
                  smart_count: d.memberCount,
                  sum: formatMoney(d.dividend),
                  net: formatMoney(d.paymentAmount),
                  date: formatDate(d.paymentDate),
                })}
              </Typography>
              <Alert severity="warning">{translate('coop.dividend.closureFinal')}</Alert>
              <DividendErrors errors={d.errors} members={d.members} />
            </>
          ) : null}
          {close.isPending ? <Calculating testId="annual-closure-closing" text="coop.dividend.closing" /> : null}
          {close.isPending ? <ClosureProgress /> : null}
          {close.error ? <Failed error={close.error} testId="annual-closure-refused" /> : null}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            disabled={blocked}
            onClick={() => close.mutate(input)}
            data-testid="annual-closure-yes"
          >
            {translate('coop.form.yes')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<CloseIcon />}
            onClick={back}
            disabled={close.isPending}
            data-testid="annual-closure-no"
          >
            {translate('coop.form.no')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}
