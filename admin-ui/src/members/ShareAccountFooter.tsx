import { TableCell, TableFooter, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatMoney } from '../format';
import { useMemberShareDues } from '../share-payments/queries';
import { shareChange, today, type BalanceRecord, type HistoryEntry } from './model';
import { paidInOn } from './paidIn';

const strong = { fontWeight: 600, color: 'text.primary', fontSize: 14 } as const;

/**
 * The share account's footer: the shares held today at their nominal value ("Geschäftsanteile (Nennbetrag)"), and
 * where that is not what was paid in, the Geschäftsguthaben paid in and what is still owed on the shares today
 * (issue 45, decision 273; `paidInOn`). A member whose dues cannot be read sees the nominal line alone.
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
  return (
    <TableFooter>
      <TableRow>
        <TableCell colSpan={2} sx={strong}>
          {translate('coop.members.cards.nominalTotal')}
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
