import { ScrollRegion } from '../common/ScrollRegion';
import { Box, Card, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import type { HistoryDividend } from '@coop/contracts/console';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../format';
import { endHeadline } from './historyHeadline';
import { moneyLine, postingHolding } from './historyMoney';
import { churchName, memberLabel, today, type HistoryEntry, type MemberRecord } from './model';
import { useMemberHistory } from './queries';

const KIND: Record<string, string> = {
  MemberAdmitted: 'admitted',
  MemberDataChanged: 'changed',
  SharesPosted: 'posting',
  PostingAnnulled: 'annulled',
  MemberExited: 'exited',
  MemberExitRevoked: 'exitRevoked',
  MembershipEndNoticed: 'noticed',
  MembershipEndWithdrawn: 'noticeWithdrawn',
  SharePaymentCorrected: 'other',
  DividendMemberPaid: 'dividend',
  MemberRetentionHoldSet: 'holdSet',
  MemberRetentionHoldCleared: 'holdCleared',
  PaymentReminderSent: 'reminder',
  // Issue 45: the payments on shares, named (they read "Änderung" with nothing else), each with what it was (moneyLine).
  SharePaymentReceived: 'paymentReceived',
  SharePaymentReturned: 'paymentReturned',
  InstalmentPlanSet: 'instalmentPlan',
  DirectDebitMandateGranted: 'mandateGranted',
  DirectDebitMandateRevoked: 'mandateRevoked',
};

const DOT: Record<string, string> = {
  admitted: 'success.main',
  changed: 'info.main',
  posting: 'primary.main',
  annulled: 'warning.main',
  exited: 'error.main',
  exitRevoked: 'warning.main',
  noticed: 'error.main',
  noticeWithdrawn: 'warning.main',
  dividend: 'secondary.main',
  holdSet: 'warning.main',
  holdCleared: 'info.main',
  reminder: 'warning.main',
  paymentReceived: 'success.main',
  paymentReturned: 'warning.main',
  instalmentPlan: 'info.main',
  mandateGranted: 'info.main',
  mandateRevoked: 'warning.main',
  other: 'text.disabled',
};

/** Values of a changed field as a clerk reads them: dates dd.MM.yyyy, codes by their label, members by name. */
function useShowValue(members: ReadonlyMap<string, string>) {
  const translate = useTranslate();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('coop.members.history.empty');
    if (typeof value === 'boolean') return translate(value ? 'coop.form.yes' : 'coop.form.no');
    const text = String(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
    const lists: Record<string, string> = {
      memberType: 'memberTypes',
      position: 'positions',
      legalForm: 'legalForms',
      civilStatus: 'civilStatuses',
      salutation: 'salutations',
      postalSalutation: 'postalSalutations',
      title: 'titles',
      spouseTitle: 'titles',
      state: 'states',
    };
    if (field === 'spouse') return members.get(text) ?? text;
    if (field === 'churchId') return churchName(translate, text);
    const list = lists[field];
    return list ? translate(`coop.members.${list}.${text}`, { _: text }) : text;
  };
}

function Entry({ entry, members }: { entry: HistoryEntry; members: ReadonlyMap<string, string> }) {
  const translate = useTranslate();
  const show = useShowValue(members);
  const kind = KIND[entry.type] ?? 'other';
  const p = entry.posting;
  let headline = translate(`coop.members.history.kinds.${kind}`);
  if (p && entry.type === 'SharesPosted') headline = translate(`coop.balances.types.${p.type}`);
  const end = endHeadline(entry, today());
  if (end) headline = translate(`coop.members.history.${end.key}`, { date: end.date ? formatDate(end.date) : '' });
  if (entry.type === 'MemberExited' && entry.exit)
    headline = `${headline}: ${translate(`coop.members.exitReasons.${entry.exit.reason}`, { _: entry.exit.reason })}`;
  if (entry.type === 'SharePaymentCorrected') headline = translate('coop.title.share');
  const money = moneyLine(entry, translate);
  return (
    <Box
      component="li"
      data-testid="history-entry"
      data-type={entry.type}
      sx={{ position: 'relative', pl: 3, pb: 2, listStyle: 'none' }}
    >
      <Box
        sx={{ position: 'absolute', left: 0, top: 5, width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[kind] }}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {headline}
        {entry.memberNr !== undefined ? ` · ${translate('resources.members.fields.memberNr')} ${entry.memberNr}` : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {formatDateTime(entry.timestamp)}
        {entry.user ? ` · ${translate('coop.members.history.by', { user: entry.user })}` : ''}
      </Typography>
      {p ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }}>
          {formatDate(p.date)} · {postingHolding(p, translate)}
        </Typography>
      ) : null}
      {entry.exit ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }}>
          {translate('resources.members.fields.exitDate')}: {formatDate(entry.exit.exitDate)}
        </Typography>
      ) : null}
      {entry.notice ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }} data-testid="history-notice">
          {entry.notice.noticeDate
            ? `${translate('resources.balances.fields.noticeDate')}: ${formatDate(entry.notice.noticeDate)}`
            : ''}
          {entry.notice.reason
            ? ` (${translate(`coop.members.exitReasons.${entry.notice.reason}`, { _: entry.notice.reason })})`
            : ''}
          {entry.notice.effectiveDate
            ? ` · ${translate('resources.members.fields.exitDate')}: ${formatDate(entry.notice.effectiveDate)}`
            : ''}
          {entry.notice.dispatchDate
            ? ` · ${translate('resources.balances.fields.dispatchDate')}: ${formatDate(entry.notice.dispatchDate)}`
            : ''}
          {entry.notice.extraordinaryReason
            ? ` · ${translate('resources.balances.fields.extraordinaryReason')}: ${entry.notice.extraordinaryReason}`
            : ''}
          {entry.notice.withdrawnOn ? formatDate(entry.notice.withdrawnOn) : ''}
        </Typography>
      ) : null}
      {entry.dividend ? <DividendLines dividend={entry.dividend} /> : null}
      {entry.hold ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }} data-testid="history-hold-reason">
          {translate('coop.retentionHold.reason')}: {entry.hold.reason ?? translate('coop.members.history.empty')}
        </Typography>
      ) : null}
      {entry.reminder ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }} data-testid="history-reminder">
          {translate(`coop.reminders.levels.${entry.reminder.level}`)}: {formatMoney(entry.reminder.amount)} ·{' '}
          {translate('coop.reminders.fields.dueSince')} {formatDate(entry.reminder.dueSince)}
        </Typography>
      ) : null}
      {money ? (
        <Typography
          variant="body2"
          component="div"
          sx={{ mt: 0.25, wordBreak: 'break-word' }}
          data-testid="history-money"
        >
          {money}
        </Typography>
      ) : null}
      {entry.correction ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.25 }}>
          {translate('resources.shares.fields.rueckpfleinzahlung')}: {formatMoney(entry.correction.rueckpfleinzahlung)}
          {entry.correction.interestEnd
            ? ` · ${translate('resources.shares.fields.interestEnd')}: ${formatDate(entry.correction.interestEnd)}`
            : ''}
        </Typography>
      ) : null}
      {entry.changes && entry.changes.length > 0 && entry.type !== 'MemberAdmitted' ? (
        <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 2 }}>
          {entry.changes.map((c) => (
            <Typography component="li" variant="body2" key={c.field} sx={{ wordBreak: 'break-word' }}>
              {translate('coop.members.history.changed', {
                field: translate(`resources.members.fields.${c.field}`, { _: c.field }),
                from: show(c.field, c.from),
                to: show(c.field, c.to),
              })}
            </Typography>
          ))}
        </Box>
      ) : null}
      {p && entry.shareAmountAfter !== undefined ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('coop.members.history.holdingAfter', {
            smart_count: entry.shareAmountAfter,
            shares: formatCount(entry.shareAmountAfter),
            amount: formatMoney(entry.shareTotalAfter ?? 0),
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A dividend entry (issue 23): year and payment date, gross, exemptions, the taxes and the net, the allowance consumed. */
function DividendLines({ dividend: d }: { dividend: HistoryDividend }) {
  const translate = useTranslate();
  return (
    <Box data-testid="history-dividend" sx={{ mt: 0.25 }}>
      <Typography variant="body2" component="div">
        {translate('coop.members.history.dividend', { year: d.year, date: formatDate(d.paymentDate) })}
      </Typography>
      <Typography variant="body2" component="div">
        {translate('coop.members.history.dividendTaxes', {
          gross: formatMoney(d.amount),
          exempt: formatMoney(d.exemptions),
          kapest: formatMoney(d.dividendTax),
          soli: formatMoney(d.solidarityTax),
          church: formatMoney(d.churchTax),
          net: formatMoney(d.paymentAmount),
        })}
      </Typography>
      {d.allowanceBefore !== null && d.allowanceAfter !== null ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('coop.members.history.dividendAllowance', {
            before: formatMoney(d.allowanceBefore),
            after: formatMoney(d.allowanceAfter),
            volume: formatMoney(d.allowanceVolume),
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The history timeline of the member dashboard, newest first (the API answers oldest first). */
export function MemberHistoryCard({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const { data, isPending, error } = useMemberHistory(memberId);
  const entries = [...(data ?? [])].reverse();
  // A changed spouse is a member id: shown as "number name".
  const spouseIds = [
    ...new Set(
      entries.flatMap((e) => (e.changes ?? []).filter((c) => c.field === 'spouse').flatMap((c) => [c.from, c.to])),
    ),
  ].filter((v): v is string => typeof v === 'string' && v !== '');
  const { data: spouses } = useGetMany<MemberRecord>('members', { ids: spouseIds }, { enabled: spouseIds.length > 0 });
  const members = new Map((spouses ?? []).map((m) => [String(m.id), memberLabel(m)]));
  return (
    <Card component="section" aria-labelledby="history-title" data-testid="member-history" sx={{ height: '100%' }}>
      <CardHeader
        id="history-title"
        title={translate('coop.members.cards.history')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <ScrollRegion
        labelledBy="history-title"
        testId="member-history-scroll"
        sx={{ px: 2, pb: 1, maxHeight: 560, overflowY: 'auto' }}
      >
        {isPending ? <CircularProgress size={20} /> : null}
        {error ? <Typography color="error">{error instanceof Error ? error.message : String(error)}</Typography> : null}
        {!isPending && entries.length === 0 && !error ? (
          <Typography color="text.secondary">{translate('coop.members.cards.noHistory')}</Typography>
        ) : null}
        <Box
          component="ol"
          sx={{ m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 0.5, '& > li': { ml: '-6px' } }}
        >
          {entries.map((e) => (
            <Entry key={`${e.position}-${e.revision ?? ''}-${e.type}`} entry={e} members={members} />
          ))}
        </Box>
      </ScrollRegion>
    </Card>
  );
}
