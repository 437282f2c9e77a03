import { lazy, Suspense } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { formatCount, formatDate, formatMoney } from '../format';
import { PageTitle } from '../layout/PageTitle';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { MemberHistoryCard } from './MemberHistory';
import { usePostingLabel } from './usePostingLabel';
import { can, useSession } from '../session/session';
import { PendingExit } from './PendingExit';
import { RetentionHold } from './RetentionHold';
import {
  canAnnul,
  hasExited,
  isExitType,
  memberName,
  postingsClosed,
  shareChange,
  type BalanceRecord,
  type HistoryEntry,
  type MemberRecord,
} from './model';
import { useMemberDashboard, useMemberHistory } from './queries';
import { ActionsHeader } from '../common/ActionsHeader';
import { MemberDividends } from '../dividend/MemberDividends';
import { MemberSettlements } from '../settlements/MemberSettlements';
import { MemberShareDues } from '../share-payments/MemberShareDues';
import { MemberReminders } from '../payment-reminders/MemberReminders';
// The direct debits' panel (issue 45) comes with its own chunk, loaded when a member's page shows it.
const MemberDirectDebits = lazy(() => import('../direct-debits/MemberDirectDebits'));
import { MemberStatementButton } from '../dashboard/MemberStatementButton';
import { BankCard, ContactCard, MasterCard } from './MemberDetailCards';
import { ActionsCard } from './MemberActionsCard';
import { TaxCard } from './MemberTaxCard';
import { cardTitle } from './cardTitle';
import { ShareAccountFooter } from './ShareAccountFooter';

function ShareAccountCard({
  memberId,
  rows,
  sum,
  history,
  loading,
  closed,
  canWrite,
}: {
  memberId: string;
  rows: readonly BalanceRecord[];
  sum: number | undefined;
  history: readonly HistoryEntry[];
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
          <ShareAccountFooter memberId={memberId} rows={rows} sum={sum} history={history} />
        </Table>
      </Box>
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
            memberId={m.id}
            rows={balances}
            history={history.data ?? []}
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
