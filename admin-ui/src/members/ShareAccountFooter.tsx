import { TableCell, TableFooter, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatDate, formatMoney } from '../format';
import { useMemberShareDues } from '../share-payments/queries';
import { shareChange, today, type BalanceRecord, type HistoryEntry } from './model';
import { paidInOn } from './paidIn';

const strong = { fontWeight: 600, color: 'text.primary', fontSize: 14 } as const;

/**
 * The share account's footer: the shares held today at their nominal value ("Geschäftsanteile (Nennbetrag)"), and
 * where that is not what was paid in, the Geschäftsguthaben paid in and what is still owed on the shares today
 * (issue 45, decision 273; `paidInOn`). A member whose dues cannot be read sees the nominal line alone. With postings
 * dated after today (a notice's withdrawal at the year's end) the line says "today", and one more line gives the
 * holding after them, so that the column adds up to a line under it (the QA review, stop 63: 4 under rows of 3).
 */
export function ShareAccountFooter({
  memberId,
  rows,
  sum,
  history,
}: {
  memberId: string;
  rows: readonly BalanceRecord[];
  sum: number | undefined;
  history: readonly HistoryEntry[];
}) {
  const translate = useTranslate();
  const dues = useMemberShareDues(memberId);
  const day = today();
  const nominal = sum ?? 0;
  const postings = history.flatMap((e) => (e.posting ? [e.posting] : []));
  const figure = dues.data ? paidInOn(day, nominal, dues.data, rows, postings) : null;
  const ahead = rows.filter((b) => b.date > day);
  const lastAhead = ahead.reduce((last, b) => (b.date > last ? b.date : last), '');
  return (
    <TableFooter>
      <TableRow>
        <TableCell colSpan={2} sx={strong}>
          {translate(ahead.length > 0 ? 'coop.members.cards.nominalToday' : 'coop.members.cards.nominalTotal')}
        </TableCell>
        <TableCell align="right" sx={{ ...strong, fontVariantNumeric: 'tabular-nums' }} data-testid="member-sum-shares">
          {/* As of today, like the capital beside it: a pending end's withdrawal (a later year's end) does not count yet. */}
          {formatCount(rows.filter((b) => b.date <= day).reduce((total, b) => total + shareChange(b), 0))}
        </TableCell>
        <TableCell align="right" sx={{ ...strong, whiteSpace: 'nowrap' }} data-testid="member-sum-balance">
          {formatMoney(nominal)}
        </TableCell>
        <TableCell colSpan={3} />
      </TableRow>
      {ahead.length > 0 ? (
        <TableRow data-testid="member-after-pending">
          <TableCell colSpan={2} sx={strong}>
            {translate('coop.members.cards.afterPending', { date: formatDate(lastAhead) })}
          </TableCell>
          <TableCell
            align="right"
            sx={{ ...strong, fontVariantNumeric: 'tabular-nums' }}
            data-testid="member-after-shares"
          >
            {formatCount(rows.reduce((total, b) => total + shareChange(b), 0))}
          </TableCell>
          <TableCell align="right" sx={{ ...strong, whiteSpace: 'nowrap' }} data-testid="member-after-balance">
            {formatMoney(ahead.reduce((total, b) => total + b.amount, nominal))}
          </TableCell>
          <TableCell colSpan={3} />
        </TableRow>
      ) : null}
      {figure && figure.paidIn !== nominal ? (
        <TableRow data-testid="member-paid-in-row">
          <TableCell colSpan={3} sx={strong}>
            {translate('coop.members.cards.paidInTotal')}
          </TableCell>
          <TableCell align="right" sx={{ ...strong, whiteSpace: 'nowrap' }} data-testid="member-paid-in">
            {formatMoney(figure.paidIn)}
          </TableCell>
          <TableCell colSpan={3} sx={{ ...strong, whiteSpace: 'nowrap' }} data-testid="member-open">
            {figure.open > 0
              ? translate('coop.members.cards.openOnShares', { amount: formatMoney(figure.open) })
              : null}
          </TableCell>
        </TableRow>
      ) : null}
    </TableFooter>
  );
}
