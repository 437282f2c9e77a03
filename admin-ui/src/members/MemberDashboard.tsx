import { lazy, Suspense } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { formatCount, formatDate, formatIban, formatMoney } from '../format';
import { PageTitle } from '../layout/PageTitle';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { MemberHistoryCard } from './MemberHistory';
import { usePostingLabel } from './usePostingLabel';
import { can, useSession } from '../session/session';
import { PendingExit } from './PendingExit';
import { RetentionHold } from './RetentionHold';
import {
  ACTION_TYPES,
  canAnnul,
  churchName,
  hasExited,
  isExitType,
  memberName,
  postingsClosed,
  shareChange,
  today,
  withdrawEndKey,
  type BalanceRecord,
  type MemberRecord,
} from './model';
import { useMemberDashboard, useMemberHistory } from './queries';
import { exemptionOrderBar, type ExemptionOrderRecord, type NonAssessmentRecord } from '../taxPapers/model';
import {
  ExemptionOrderTable,
  NonAssessmentTable,
  newExemptionOrderPath,
  newNonAssessmentPath,
  taxIdMissing,
} from '../taxPapers/parts';
import { ActionsHeader } from '../common/ActionsHeader';
import { MemberDividends } from '../dividend/MemberDividends';
import { MemberSettlements } from '../settlements/MemberSettlements';
import { MemberShareDues } from '../share-payments/MemberShareDues';
import { MemberReminders } from '../payment-reminders/MemberReminders';
// The direct debits' panel (issue 45) comes with its own chunk, loaded when a member's page shows it.
const MemberDirectDebits = lazy(() => import('../direct-debits/MemberDirectDebits'));
import { MemberStatementButton } from '../dashboard/MemberStatementButton';

const cardTitle = { title: { variant: 'h6', component: 'h2' } } as const;

function MasterCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  const code = (list: string, v: unknown) =>
    v === null || v === undefined ? '' : translate(`coop.members.${list}.${String(v)}`, { _: String(v) });
  const natural = m.legalForm !== 1;
  const rows: Array<readonly [string, React.ReactNode, string?]> = [
    [f('memberNr'), m.memberNr ?? '', 'member-memberNr'],
    [f('legalForm'), code('legalForms', m.legalForm)],
    [
      f('name'),
      [m.title && m.title !== 'none' ? code('titles', m.title) : '', memberName(m)].filter(Boolean).join(' '),
      'member-name',
    ],
  ];
  if (natural) {
    rows.push([f('birthDate'), formatDate(m.birthDate)]);
    if (m.birthName) rows.push([f('birthName'), m.birthName]);
    rows.push([f('civilStatus'), code('civilStatuses', m.civilStatus)]);
    if (m.spouse || m.spouseName) {
      rows.push([
        translate('coop.members.spouseLink'),
        m.spouse ? (
          <RouterLink to={`/member/${encodeURIComponent(m.spouse)}`} data-testid="member-spouse-link">
            {[m.spouseName, m.spouseGivenName].filter(Boolean).join(', ') || translate('coop.members.spouseLink')}
          </RouterLink>
        ) : (
          [m.spouseName, m.spouseGivenName].filter(Boolean).join(', ')
        ),
      ]);
    }
    if (m.underage) rows.push([f('legalRepresentation'), m.legalRepresentation ?? '']);
  }
  rows.push(
    [f('memberType'), code('memberTypes', m.memberType)],
    [f('position'), code('positions', m.position)],
    [f('entryDate'), formatDate(m.entryDate), 'member-entryDate'],
    [f('approvalDate'), formatDate(m.approvalDate)],
    [f('interestBegin'), formatDate(m.interestBegin)],
  );
  if (m.exitDate)
    rows.push([
      f('exitDate'),
      `${formatDate(m.exitDate)}${m.exitReason ? ` (${code('exitReasons', m.exitReason)})` : ''}`,
      'member-exitDate',
    ]);
  return (
    <Card component="section" data-testid="member-master-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.master')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList rows={rows} />
      </CardContent>
    </Card>
  );
}

function ContactCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  const place = m.isForeign ? m.country : m.state ? translate(`coop.members.states.${m.state}`, { _: m.state }) : '';
  return (
    <Card component="section" data-testid="member-contact-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.contact')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList
          rows={[
            [
              translate('coop.members.sections.address'),
              <>
                {[m.street, m.streetHomeNumber].filter(Boolean).join(' ')}
                <br />
                {[m.zipCode, m.city].filter(Boolean).join(' ')}
                {place ? (
                  <>
                    <br />
                    {place}
                  </>
                ) : null}
              </>,
              'member-address',
            ],
            [f('privateEmail'), m.privateEmail ? <a href={`mailto:${m.privateEmail}`}>{m.privateEmail}</a> : ''],
            [f('privateTelephone'), m.privateTelephone ?? ''],
          ]}
        />
      </CardContent>
    </Card>
  );
}

function BankCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  return (
    <Card component="section" data-testid="member-bank-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.bank')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList
          rows={[
            [f('bankname'), m.bankname ?? ''],
            ...(m.accountHolder ? [[f('accountHolder'), m.accountHolder, 'member-accountHolder'] as const] : []),
            [
              f('iban'),
              m.iban ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {formatIban(m.iban)}
                </Box>
              ) : (
                ''
              ),
              'member-iban',
            ],
            [
              f('bic'),
              m.bic ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {m.bic}
                </Box>
              ) : (
                ''
              ),
            ],
            [f('manualTaxId'), m.manualTaxId ?? ''],
            [
              f('churchId'),
              [churchName(translate, m.churchId), m.churchTaxRate ? `${m.churchTaxRate} %` : '']
                .filter(Boolean)
                .join(' · '),
              'member-church',
            ],
          ]}
        />
      </CardContent>
    </Card>
  );
}

function ActionsCard({
  m,
  sum,
  canWrite,
  exitPosting,
}: {
  m: MemberRecord;
  sum: number | undefined;
  canWrite: boolean;
  exitPosting: Pick<BalanceRecord, 'id' | 'type'> | undefined;
}) {
  const translate = useTranslate();
  const closed = postingsClosed(m) || !canWrite;
  // Issue 22: an end still pending can be withdrawn (the annulation of its exit posting, confirmed on that page).
  const withdrawable = m.exitPending && exitPosting !== undefined && canWrite;
  return (
    <Card component="section" data-testid="member-actions-card">
      <CardHeader
        title={translate('coop.members.cards.actions')}
        subheader={translate('coop.members.cards.holding', {
          smart_count: m.shareAmount ?? 0,
          shares: formatCount(m.shareAmount ?? 0),
          amount: formatMoney(sum ?? m.shareTotalEUR ?? 0),
        })}
        slotProps={{ ...cardTitle, subheader: { 'data-testid': 'member-holding' } as object }}
      />
      <CardContent sx={{ pt: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {ACTION_TYPES.map((type) => {
          const exit = isExitType(type);
          return (
            <Button
              key={type}
              component={RouterLink}
              to={`/balances/new/type/${type}/member/${encodeURIComponent(m.id)}`}
              disabled={closed}
              variant={exit ? 'outlined' : 'contained'}
              color={exit ? 'error' : 'primary'}
              size="small"
              startIcon={type === 1 ? <AddIcon /> : undefined}
              data-testid={`member-action-${type}`}
            >
              {type === 6 && m.legalForm === 1
                ? translate('coop.balances.dissolution')
                : translate(`coop.balances.actions.${type}`)}
            </Button>
          );
        })}
        {withdrawable ? (
          <Button
            component={RouterLink}
            to={`/balances/new/type/5/peer/${encodeURIComponent(exitPosting.id)}`}
            variant="outlined"
            color="warning"
            size="small"
            startIcon={<UndoIcon />}
            data-testid="member-withdraw-notice"
          >
            {translate(withdrawEndKey(exitPosting.type, m.legalForm))}
          </Button>
        ) : null}
        {postingsClosed(m) ? (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }} data-testid="member-actions-closed">
            {m.exitPending && m.exitDate
              ? translate('coop.members.cards.actionsPending', { date: formatDate(m.exitDate) })
              : translate('coop.members.cards.actionsExited')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ShareAccountCard({
  rows,
  sum,
  loading,
  closed,
  canWrite,
}: {
  rows: readonly BalanceRecord[];
  sum: number | undefined;
  loading: boolean;
  closed: boolean;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.balances.fields.${field}`);
  const label = usePostingLabel(rows);
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
  return (
    <Card
      component="section"
      aria-labelledby="share-account-title"
      data-testid="member-share-account"
      sx={{ height: '100%' }}
    >
      <CardHeader id="share-account-title" title={translate('coop.members.cards.shareAccount')} slotProps={cardTitle} />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="share-account-title">
          <TableHead>
            <TableRow>
              <TableCell sx={head}>{f('date')}</TableCell>
              <TableCell sx={head}>{f('type')}</TableCell>
              <TableCell sx={head} align="right">
                {f('quantity')}
              </TableCell>
              <TableCell sx={head} align="right">
                {f('amount')}
              </TableCell>
              <TableCell sx={head}>{f('approvalDate')}</TableCell>
              <TableCell sx={head}>{f('interestBegin')}</TableCell>
              <ActionsHeader />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow
                key={b.id}
                hover
                data-testid="balance-row"
                data-type={b.type}
                data-annulated={b.annulated ? 'true' : 'false'}
                sx={b.annulated ? { '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.date)}</TableCell>
                <TableCell>
                  {label(b)}
                  {b.annulated ? (
                    <Chip
                      size="small"
                      label={translate('coop.balances.annulled')}
                      sx={{ ml: 1, height: 20 }}
                      data-testid="balance-annulled"
                    />
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="balance-shares">
                  {formatCount(shareChange(b))}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                    color: b.amount < 0 && !b.annulated ? 'error.main' : undefined,
                  }}
                >
                  {formatMoney(b.amount)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.approvalDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.interestBegin)}</TableCell>
                <TableCell align="right" sx={{ py: 0.25, whiteSpace: 'nowrap' }}>
                  {canWrite && canAnnul(b) && (!closed || isExitType(b.type)) ? (
                    <Tooltip title={translate('coop.balances.annul')}>
                      <Button
                        component={RouterLink}
                        to={`/balances/new/type/5/peer/${encodeURIComponent(b.id)}`}
                        size="small"
                        color="warning"
                        startIcon={<UndoIcon />}
                        data-testid={`balance-annul-${b.type}`}
                      >
                        {translate('coop.balances.annul')}
                      </Button>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {!loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                    {translate('coop.members.cards.noPostings')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}>
                {translate('resources.members.fields.shareTotalEUR')}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14, fontVariantNumeric: 'tabular-nums' }}
                data-testid="member-sum-shares"
              >
                {/* As of today, like the capital beside it: a pending end's withdrawal (a later year's end) does not count yet. */}
                {formatCount(rows.filter((b) => b.date <= today()).reduce((total, b) => total + shareChange(b), 0))}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14, whiteSpace: 'nowrap' }}
                data-testid="member-sum-balance"
              >
                {formatMoney(sum ?? 0)}
              </TableCell>
              <TableCell colSpan={3} />
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Card>
  );
}

function TaxCard({
  member,
  exemptionOrders,
  nonAssessments,
  canWrite,
  loading,
}: {
  member: MemberRecord;
  exemptionOrders: readonly ExemptionOrderRecord[];
  nonAssessments: readonly NonAssessmentRecord[];
  canWrite: boolean;
  loading: boolean;
}) {
  const translate = useTranslate();
  const memberId = member.id;
  // A legal entity or a member abroad gives no exemption order (DOMAIN 2.6-2.8; the API refuses it too).
  const bar = exemptionOrderBar(member);
  const title = (text: string, add: string | null, to: string, testId: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, minHeight: 32 }}>
      <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
        {text}
      </Typography>
      {canWrite && add !== null ? (
        <Button
          component={RouterLink}
          to={to}
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          data-testid={testId}
        >
          {add}
        </Button>
      ) : null}
    </Box>
  );
  const missing = exemptionOrders.filter((o) => o.state === 'active' && taxIdMissing(o));
  return (
    <Card component="section" data-testid="member-tax-card">
      <CardHeader title={translate('coop.members.cards.tax')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        {missing.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="member-taxid-warning">
            {translate('coop.taxPapers.taxIdsMissing')}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, xl: 6 }}>
            {title(
              translate('coop.members.cards.exemptionOrders'),
              bar ? null : translate('coop.taxPapers.addExemptionOrder'),
              newExemptionOrderPath(memberId),
              'member-add-exemption-order',
            )}
            {bar ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="member-no-exemption-order">
                {translate(
                  bar === 'legalEntity'
                    ? 'coop.taxPapers.noExemptionOrderLegalEntity'
                    : 'coop.taxPapers.noExemptionOrderNonResident',
                )}
              </Typography>
            ) : null}
            {loading ? null : (
              <ExemptionOrderTable rows={exemptionOrders} canWrite={canWrite} testId="member-exemption-orders" />
            )}
          </Grid>
          <Grid size={{ xs: 12, xl: 6 }}>
            {title(
              translate('coop.members.cards.nonAssessments'),
              translate('coop.taxPapers.addNonAssessment'),
              newNonAssessmentPath(memberId),
              'member-add-non-assessment',
            )}
            {loading ? null : (
              <NonAssessmentTable rows={nonAssessments} canWrite={canWrite} testId="member-non-assessments" />
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

/** `/member/{id}`: the member dashboard (SPEC 2): master data, contact, bank, postings, share account, tax, history. */
export default function MemberDashboard() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: m, isPending, error } = useGetOne<MemberRecord>('members', { id }, { enabled: !!id });
  const dashboard = useMemberDashboard(id);
  const history = useMemberHistory(id);
  const session = useSession();
  const canWrite = can(session, 'members:write');
  if (isPending) return <PageLoading />;
  if (error || !m) {
    return <LoadFailed error={error} />;
  }
  // Postings by date; within a day in the order they were recorded (the history's order).
  const order = new Map((history.data ?? []).flatMap((e, i) => (e.posting ? [[e.posting.balanceId, i] as const] : [])));
  const balances = [...(dashboard.data?.balance ?? [])].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  // An erased member (issue 27) has no name left: the heading says it was removed.
  const title = memberName(m) || translate('coop.members.memberTypes.2');
  return (
    <Box data-testid="member-dashboard" data-member-id={m.id}>
      <PageTitle title={translate('coop.title.member', { name: title })} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} to="/members" startIcon={<ArrowBackIcon />} color="inherit" data-testid="back">
          {translate('coop.edit.back')}
        </Button>
        <Typography variant="h5" component="h1" data-testid="member-title">
          {title}
        </Typography>
        {m.memberNr !== null && m.memberNr !== undefined ? (
          <Chip
            label={`${translate('resources.members.fields.memberNr')} ${m.memberNr}`}
            size="small"
            variant="outlined"
          />
        ) : null}
        {m.legalForm === 1 ? (
          <Chip label={translate('coop.members.legalEntity')} size="small" variant="outlined" />
        ) : null}
        {m.underage ? (
          <Chip label={translate('coop.members.underage')} size="small" color="info" variant="outlined" />
        ) : null}
        {m.exitDate && !m.exitPending ? (
          <Chip
            label={translate('coop.members.exitedOn', { date: formatDate(m.exitDate) })}
            size="small"
            color={hasExited(m) ? 'default' : 'warning'}
            variant={hasExited(m) ? 'filled' : 'outlined'}
            data-testid="member-exited"
          />
        ) : null}
        <PendingExit m={m} size="medium" />
        <RetentionHold m={m} canWrite={canWrite && !!m.exitDate} />
        {m.memberType === 2 ? (
          <Chip
            label={translate('coop.members.memberTypes.2')}
            size="small"
            color="default"
            data-testid="member-erased"
          />
        ) : null}
        <Box sx={{ flex: 1 }} />
        <MemberStatementButton memberId={m.id} />
        {canWrite && m.memberType !== 2 ? (
          <Button
            component={RouterLink}
            to={`/members/${encodeURIComponent(m.id)}`}
            startIcon={<EditIcon />}
            variant="outlined"
            data-testid="member-edit"
          >
            {translate('coop.members.editData')}
          </Button>
        ) : null}
      </Box>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <MasterCard m={m} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <ContactCard m={m} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <BankCard m={m} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ActionsCard
            m={m}
            sum={dashboard.data?.sumBalance}
            canWrite={canWrite}
            exitPosting={balances.find((b) => isExitType(b.type) && !b.annulated && b.date === m.exitDate)}
          />
        </Grid>
        {/* The share account needs the full width below 1536 px (seven columns, German headers, annul buttons). */}
        <Grid size={{ xs: 12, xl: 8 }}>
          <ShareAccountCard
            rows={balances}
            sum={dashboard.data?.sumBalance}
            loading={dashboard.isPending}
            closed={postingsClosed(m)}
            canWrite={canWrite}
          />
        </Grid>
        <Grid size={{ xs: 12, xl: 4 }}>
          <MemberHistoryCard memberId={m.id} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TaxCard
            member={m}
            exemptionOrders={dashboard.data?.exemptionOrder ?? []}
            nonAssessments={dashboard.data?.nonAssessment ?? []}
            canWrite={canWrite && m.memberType !== 2}
            loading={dashboard.isPending}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <MemberDividends memberId={m.id} dividends={dashboard.data?.dividends} loading={dashboard.isPending} />
        </Grid>
        {dashboard.data?.settlements.length ? (
          <Grid size={{ xs: 12 }}>
            <MemberSettlements settlements={dashboard.data.settlements} />
          </Grid>
        ) : null}
        <MemberShareDues memberId={m.id} />
        <MemberReminders memberId={m.id} />
        {can(session, 'directdebits:read') ? (
          <Grid size={{ xs: 12 }}>
            <Suspense fallback={null}>
              <MemberDirectDebits memberId={m.id} />
            </Suspense>
          </Grid>
        ) : null}
      </Grid>
    </Box>
  );
}
