import FactCheckIcon from '@mui/icons-material/FactCheck';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';
import { can, useSession } from '../session/session';
import { CalcForm } from './CalcForm';
import { DividendErrors } from './DividendErrors';
import { DividendFigures, TaxReturn } from './DividendFigures';
import { DividendMembersTable } from './DividendMembersTable';
import { defaultInput, inputFromQuery, toQuery, type CalcInput } from './model';
import { Calculating, Failed } from './parts';
import { useDividendCalc, useDividendYears } from './queries';
import { memberList, useMemberPages } from './useMemberPages';

const cardTitle = { title: { variant: 'h6', component: 'h2' } } as const;

/**
 * `/dividend/calculator`: step 1 of the wizard (SPEC 2 "Dividend calculation"). The inputs live in the address, so
 * step 2's No, Back and a reload return to the same calculation; the results (figures, the KapESt return, church tax),
 * what refuses the closure with the members to fix, and the per-member list. Annual closure (step 2) stays disabled
 * while errors exist. Calculating writes nothing.
 */
export default function DividendCalculator() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const session = useSession();
  const [query, setQuery] = useSearchParams();
  const asked = useMemo(() => inputFromQuery(query), [query]);
  const input: CalcInput = asked ?? defaultInput();
  const years = useDividendYears();
  const pages = useMemberPages(asked ? toQuery(asked) : '');
  const calc = useDividendCalc(asked, pages.query);
  if (!can(session, 'dividend:close')) return <AccessDenied permission="dividend:close" />;

  const calculate = (next: CalcInput) => {
    if (asked && toQuery(next) === toQuery(asked)) void calc.refetch();
    else setQuery(new URLSearchParams(toQuery(next)));
  };
  // Another page of the same calculation keeps the figures shown while it is asked for.
  const result = calc.data?.dividend;
  const closable = !!result && result.errors.length === 0 && !calc.isFetching;
  const actions = (
    <>
      <Grid>
        <Button
          variant="outlined"
          startIcon={<FactCheckIcon />}
          disabled={!closable}
          onClick={() => asked && navigate(`/dividend/annualClosure?${toQuery(asked)}`)}
          data-testid="dividend-to-closure"
        >
          {translate('coop.dividend.annualClosure')}
        </Button>
      </Grid>
      <Grid>
        <Button
          component={RouterLink}
          to="/dividend/closures"
          startIcon={<ListAltIcon />}
          data-testid="dividend-to-closures"
        >
          {translate('coop.dividend.closures')}
        </Button>
      </Grid>
    </>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="dividend-calculator">
      <Card component="section" aria-labelledby="dividend-calculator-title">
        <CardHeader
          id="dividend-calculator-title"
          title={translate('coop.dividend.calculatorTitle')}
          subheader={translate('coop.dividend.step1')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <CalcForm
            key={asked ? toQuery(asked) : 'defaults'}
            input={input}
            years={years.data}
            onCalculate={calculate}
            actions={actions}
          />
        </CardContent>
      </Card>
      {asked ? (
        <Card component="section" aria-labelledby="dividend-result-title" data-testid="dividend-result">
          <CardHeader
            id="dividend-result-title"
            title={translate('coop.dividend.resultTitle', { year: asked.year })}
            subheader={translate('coop.dividend.resultHint')}
            slotProps={cardTitle}
          />
          {/* One track no wider than the card: a wide table scrolls in its own box instead of being cut by the card. */}
          <CardContent sx={{ pt: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
            {calc.isFetching ? <Calculating /> : null}
            {calc.error && !calc.isFetching ? <Failed error={calc.error} testId="dividend-calc-failed" /> : null}
            {result ? (
              <>
                <DividendErrors errors={result.errors} members={result.members} />
                <DividendFigures dividend={result} name="dividend-calc" />
                <TaxReturn dividend={result} name="dividend-calc" />
                <Box>
                  <Typography
                    id="dividend-calc-members-title"
                    variant="subtitle1"
                    component="h3"
                    sx={{ fontWeight: 600 }}
                  >
                    {translate('coop.dividend.members', { count: result.memberCount })}
                  </Typography>
                  <DividendMembersTable
                    list={memberList(pages.state, result.members, calc.data?.total ?? 0, calc.isFetching)}
                    name="dividend-calc"
                    titleId="dividend-calc-members-title"
                  />
                </Box>
              </>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
