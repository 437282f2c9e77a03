import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import { Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatCount, formatDate, formatMoney } from '../format';
import {
  ACTION_TYPES,
  isExitType,
  postingsClosed,
  withdrawEndKey,
  type BalanceRecord,
  type MemberRecord,
} from './model';
import { cardTitle } from './cardTitle';

/** The member's holding and what a clerk can do with it: post, annul, end, withdraw a pending end. */
export function ActionsCard({
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
        subheader={translate('coop.members.cards.holdingNominal', {
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
