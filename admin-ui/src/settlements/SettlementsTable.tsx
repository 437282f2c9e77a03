import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import DescriptionIcon from '@mui/icons-material/Description';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { SelectAllCheckbox } from '../common/SelectAllCheckbox';
import { formatDate, formatMoney } from '../format';
import { today } from '../members/model';
import { dueIds, payable, payableFrom, settlementName, type SettlementRecord } from './model';

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The state of one row: due (overdue, heirs' account missing) or paid on its day. */
export function State({ row }: { row: SettlementRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.settlements.${key}`, options);
  return (
    // A chip's label wraps at its spaces where the column is narrow (1024 px), instead of widening the table.
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        '& .MuiChip-root': { height: 'auto', py: 0.25 },
        '& .MuiChip-label': { whiteSpace: 'normal' },
      }}
    >
      {row.status === 'paid' ? (
        <Chip
          size="small"
          color="success"
          label={t(row.imported ? 'imported' : 'paid', { date: formatDate(row.payoutDate) })}
          data-testid="settlement-paid"
        />
      ) : row.endDate > today() ? (
        // An end to come is not due yet: its Geschäftsguthaben is settled after it takes effect (decision 371).
        <Chip
          size="small"
          variant="outlined"
          label={t('notYetEffective', { date: formatDate(row.endDate) })}
          data-testid="settlement-not-yet"
        />
      ) : row.endDate === today() ? (
        // An end of today: its payout is dated after it, so from tomorrow (decision 386).
        <Chip
          size="small"
          variant="outlined"
          label={t('payableFrom', { date: formatDate(payableFrom(row.endDate)) })}
          data-testid="settlement-not-yet"
        />
      ) : (
        <Chip size="small" variant="outlined" label={t('due')} data-testid="settlement-due" />
      )}
      {row.owed > 0 ? (
        <Chip
          size="small"
          color="warning"
          label={t('owed', { amount: formatMoney(row.owed) })}
          data-testid="settlement-owed"
        />
      ) : null}
      {row.overdue ? <Chip size="small" color="error" label={t('overdue')} data-testid="settlement-overdue" /> : null}
      {row.overpaid > 0 ? (
        <Chip
          size="small"
          color="warning"
          label={t('overpaid', { amount: formatMoney(row.overpaid) })}
          data-testid="settlement-overpaid"
        />
      ) : null}
      {row.heirsAccountNeeded && !row.heirsAccount && row.status === 'due' ? (
        <Chip size="small" color="warning" label={t('heirsMissing')} data-testid="settlement-heirs-missing" />
      ) : null}
      {row.dividendOpen ? (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          label={t('dividendOpen')}
          data-testid="settlement-dividend-open"
        />
      ) : null}
    </Box>
  );
}

/** Under a paid row's amount (paid in all): the top-ups in it, each with its day (decision 370). */
/** Of the holding, what was paid in after the end's day: no Geschäftsguthaben then, refunded whole (decision 414). */
export function LatePart({ row }: { row: Pick<SettlementRecord, 'paidAfterEnd'> }) {
  const translate = useTranslate();
  if (!row.paidAfterEnd) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'normal', maxWidth: '16em', ml: 'auto' }}
      data-testid="settlement-paid-after-end"
    >
      {translate('coop.settlements.paidAfterEnd', { amount: formatMoney(row.paidAfterEnd) })}
    </Box>
  );
}

function PaidParts({ row }: { row: SettlementRecord }) {
  const translate = useTranslate();
  if (row.status !== 'paid' || row.topUps.length === 0) return null;
  return (
    <>
      {row.topUps.map((u, i) => (
        <Box
          key={i}
          component="span"
          sx={{ display: 'block', color: 'text.secondary' }}
          data-testid="settlement-top-up"
        >
          {translate('coop.settlements.toppedUp', { amount: formatMoney(u.amount), date: formatDate(u.payoutDate) })}
        </Box>
      ))}
    </>
  );
}

/**
 * The year's ends: member number and name, the end (with its day), holding, loss share, amount, deadline and state; a
 * checkbox per due row (and one for all) for the payout; per due death the heirs' account (for those who pay); per paid row the statement and, for those who pay, the
 * correction.
 */
export function SettlementsTable(props: {
  rows: readonly SettlementRecord[];
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
  canPay: boolean;
  onStatement: (row: SettlementRecord) => void;
  onReverse: (row: SettlementRecord) => void;
  onHeirs: (row: SettlementRecord) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.settlements.${key}`, options);
  const due = dueIds(props.rows, today());
  const chosen = new Set(props.selected);
  const all = due.length > 0 && due.every((id) => chosen.has(id));
  const toggle = (id: string) =>
    props.onSelect(chosen.has(id) ? props.selected.filter((x) => x !== id) : [...props.selected, id]);
  return (
    <Table size="small" aria-labelledby="settlements-title" data-testid="settlements-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <SelectAllCheckbox
              checked={all}
              indeterminate={!all && props.selected.length > 0}
              disabled={due.length === 0}
              onChange={() => props.onSelect(all ? [] : due)}
              label={t('selectAll')}
              testId="settlement-select-all"
            />
            {/* The column's name for screen readers (a header cell is never empty). */}
            <Box component="span" sx={visuallyHidden}>
              {t('selectAll')}
            </Box>
          </TableCell>
          <TableCell>{t('fields.member')}</TableCell>
          <TableCell>{t('fields.reason')}</TableCell>
          <TableCell align="right">{t('fields.holding')}</TableCell>
          <TableCell align="right">{t('fields.lossShare')}</TableCell>
          <TableCell align="right">{t('fields.amount')}</TableCell>
          <TableCell>{t('fields.deadline')}</TableCell>
          <TableCell>{t('fields.status')}</TableCell>
          <TableCell>{t('fields.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row) => {
          const name = settlementName(row);
          return (
            <TableRow
              key={row.id}
              data-testid="settlement-row"
              data-id={row.id}
              data-status={row.status}
              selected={chosen.has(row.id)}
            >
              <TableCell padding="checkbox">
                {payable(row, today()) ? (
                  <Checkbox
                    checked={chosen.has(row.id)}
                    onChange={() => toggle(row.id)}
                    slotProps={{
                      input: { 'aria-label': t('selectOne', { name }), 'data-testid': 'settlement-select' } as object,
                    }}
                  />
                ) : null}
              </TableCell>
              <TableCell data-testid="settlement-member">
                {row.memberNr ?? ''} {name}
              </TableCell>
              {/* The end and, below it, its day: one column, so that the list fits at 1024 px. */}
              <TableCell data-testid="settlement-end">
                {t(`reasons.${row.reason}`)}
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', color: 'text.secondary' }}>
                  {formatDate(row.endDate)}
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.holding)}
                <LatePart row={row} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="settlement-loss-share">
                {formatMoney(row.lossShare)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="settlement-amount">
                {formatMoney(row.amount)}
                <PaidParts row={row} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="settlement-deadline">
                {formatDate(row.deadline)}
              </TableCell>
              <TableCell>
                <State row={row} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.status === 'due' && row.heirsAccountNeeded && props.canPay ? (
                  <Tooltip title={t('heirsOf', { name })}>
                    <IconButton
                      size="small"
                      aria-label={t('heirsOf', { name })}
                      onClick={() => props.onHeirs(row)}
                      data-testid="settlement-heirs"
                    >
                      <AccountBalanceWalletIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {row.status === 'paid' && !row.imported ? (
                  <Tooltip title={t('statementOf', { name })}>
                    <IconButton
                      size="small"
                      aria-label={t('statementOf', { name })}
                      onClick={() => props.onStatement(row)}
                      data-testid="settlement-statement"
                    >
                      <DescriptionIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {row.status === 'paid' && !row.imported && props.canPay ? (
                  <Tooltip title={t('reverseOf', { name })}>
                    <IconButton
                      size="small"
                      aria-label={t('reverseOf', { name })}
                      onClick={() => props.onReverse(row)}
                      data-testid="settlement-reverse"
                    >
                      <UndoIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
