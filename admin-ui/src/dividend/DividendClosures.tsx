import CalculateIcon from '@mui/icons-material/Calculate';
import { Box, Button, Card, CardContent, CardHeader, MenuItem, TextField, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { formatDate, formatDateTime } from '../format';
import { PageLoading } from '../layout/PageLoading';
import { can, useSession } from '../session/session';
import { ClosureProgress } from './ClosureProgress';
import { DividendFigures, TaxReturn } from './DividendFigures';
import { DividendMembersTable } from './DividendMembersTable';
import type { DividendRecord } from './model';
import { Calculating, Failed } from './parts';
import { PayoutButtons } from './PayoutButtons';
import { useDividend, useDividendClosures } from './queries';
import { memberList, useMemberPages } from './useMemberPages';

const cardTitle = { title: { variant: 'h6', component: 'h2' } } as const;

/** Nothing closed yet: a hint and, for a clerk who may, the way to the calculator. */
function NoClosures() {
  const translate = useTranslate();
  const canCalculate = can(useSession(), 'dividend:close');
  return (
    <Box sx={{ textAlign: 'center', py: 5 }} data-testid="dividend-closures-empty">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('coop.dividend.noClosures')}
      </Typography>
      {canCalculate ? (
        <Button
          component={RouterLink}
          to="/dividend/calculator"
          variant="contained"
          startIcon={<CalculateIcon />}
          data-testid="dividend-closures-to-calculator"
        >
          {translate('coop.dividend.toCalculator')}
        </Button>
      ) : null}
    </Box>
  );
}

/** The closure's dates, who closed it and the rules it was computed by (recorded on the closure). */
function ClosureFacts({ d }: { d: DividendRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`coop.dividend.fields.${field}`);
  const s = d.settings;
  return (
    <InfoList
      testId="dividend-closure-facts"
      rows={[
        [f('decisionDate'), formatDate(d.decisionDate), 'dividend-closure-decisionDate'],
        [f('paymentDate'), formatDate(d.paymentDate), 'dividend-closure-paymentDate'],
        [f('type'), `${translate(`coop.dividend.types.${d.type}`)}`],
        [f('status'), translate(`coop.dividend.status.${d.status ?? 'closed'}`), 'dividend-closure-status'],
        [f('closedAt'), d.closedAt ? `${formatDateTime(d.closedAt)}${d.closedBy ? ` · ${d.closedBy}` : ''}` : ''],
        [
          translate('coop.dividend.rules'),
          [
            translate(`coop.dividend.settings.dividendMethod.${s.dividendMethod}`, { _: s.dividendMethod }),
            s.dayCount,
            `${translate('resources.cooperatives.fields.dividendRounding')}: ${translate(`coop.dividend.settings.rounding.${s.dividendRounding}`, { _: s.dividendRounding })}`,
            `${translate('resources.cooperatives.fields.taxRounding')}: ${translate(`coop.dividend.settings.rounding.${s.taxRounding}`, { _: s.taxRounding })}`,
          ].join(' · '),
          'dividend-closure-rules',
        ],
      ]}
    />
  );
}

/**
 * `/dividend/closures/{id?}` (SPEC 2 "Dividend closures"): the closed years to choose from; the closure's dates, sum,
 * dividend and percent (4 decimals), rows 31 to 34 of the KapESt return, the church tax per church, the closure's papers
 * (tax certificates, SEPA payment file, tax return, FSA control report), the per-member list.
 * Without an id it opens the latest closure; with none closed yet, an empty state with the way to the calculator.
 */
export default function DividendClosures() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const closures = useDividendClosures();
  const pages = useMemberPages(id ?? '');
  const closure = useDividend(id, pages.query);
  if (closures.isPending) return <PageLoading />;
  const list = [...(closures.data ?? [])].sort((a, b) => b.year - a.year || b.paymentDate.localeCompare(a.paymentDate));
  const first = list[0];
  if (!id && first?.id) return <Navigate to={`/dividend/closures/${encodeURIComponent(first.id)}`} replace />;
  const d = closure.data?.dividend;
  const shown = d && d.id === id ? d : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="dividend-closures">
      <Card component="section" aria-labelledby="dividend-closures-title">
        <CardHeader
          id="dividend-closures-title"
          title={
            shown
              ? translate('coop.dividend.closureOf', { year: shown.year })
              : translate('coop.dividend.closuresTitle')
          }
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
          action={
            list.length > 0 ? (
              <TextField
                select
                size="small"
                label={translate('coop.dividend.fields.year')}
                value={id && list.some((c) => c.id === id) ? id : ''}
                onChange={(e) => navigate(`/dividend/closures/${encodeURIComponent(e.target.value)}`)}
                sx={{ minWidth: 160 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dividend-closures-year' } as object } }}
              >
                {list.map((c) => (
                  <MenuItem
                    key={c.id ?? c.year}
                    value={c.id ?? ''}
                    data-testid="dividend-closures-year-option"
                    data-year={c.year}
                  >
                    {`${c.year} · ${formatDate(c.paymentDate)}`}
                  </MenuItem>
                ))}
              </TextField>
            ) : null
          }
          sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        {/* One track no wider than the card: a wide table scrolls in its own box instead of being cut by the card. */}
        <CardContent sx={{ pt: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
          {closures.error ? <Failed error={closures.error} testId="dividend-closures-failed" /> : null}
          {list.length === 0 && !closures.error ? <NoClosures /> : null}
          {id && closure.error ? <Failed error={closure.error} testId="dividend-closure-failed" /> : null}
          {id && closure.isFetching && !shown ? (
            <Calculating testId="dividend-closure-loading" text="coop.dividend.loading" />
          ) : null}
          {shown ? (
            <>
              <ClosureFacts d={shown} />
              {shown.status === 'closing' ? <ClosureProgress /> : null}
              <DividendFigures dividend={shown} name="dividend-closure" />
              <TaxReturn dividend={shown} name="dividend-closure" heading="h2" />
              <PayoutButtons id={shown.id ?? ''} />
            </>
          ) : null}
        </CardContent>
      </Card>
      {shown ? (
        <Card component="section" aria-labelledby="dividend-closure-members-title">
          <CardHeader
            id="dividend-closure-members-title"
            title={translate('coop.dividend.members', { count: shown.memberCount })}
            slotProps={cardTitle}
          />
          <CardContent sx={{ pt: 0 }}>
            <DividendMembersTable
              list={memberList(pages.state, shown.members, closure.data?.total ?? 0, closure.isFetching)}
              name="dividend-closure"
              titleId="dividend-closure-members-title"
              credits={shown.creditedAmount > 0}
            />
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
