import { Box, Checkbox, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { REMINDER_RUN_MAX, type PaymentReminderDueDto } from '@coop/contracts/console';
import { SelectAllCheckbox } from '../common/SelectAllCheckbox';
import { formatDate, formatMoney } from '../format';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Hidden on screen, read by screen readers (the checkbox column's header names it: axe `empty-table-header`). */
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

/**
 * The members due on the day: a checkbox each (and one for all), number, name, level, amount, due since, last reminder.
 * "Select all" selects the first REMINDER_RUN_MAX (the list is oldest due first): one sending takes no more, and all of
 * a longer list were refused (the API's limit, or the body's 100 KiB), so nobody was reminded.
 */
export function RemindersTable(props: {
  rows: readonly PaymentReminderDueDto[];
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.reminders.${key}`, options);
  const chosen = new Set(props.selected);
  const first = props.rows.slice(0, REMINDER_RUN_MAX);
  const all = first.length > 0 && first.every((r) => chosen.has(r.id));
  const toggle = (id: string) =>
    props.onSelect(chosen.has(id) ? props.selected.filter((x) => x !== id) : [...props.selected, id]);
  const head = (key: string, right = false) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {t(`fields.${key}`)}
    </TableCell>
  );
  return (
    <Table size="small" aria-labelledby="reminders-title" data-testid="reminders-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <SelectAllCheckbox
              checked={all}
              indeterminate={!all && props.selected.length > 0}
              onChange={() => props.onSelect(all ? [] : first.map((r) => r.id))}
              label={t('selectAll')}
              testId="reminders-select-all"
            />
            <Box component="span" sx={visuallyHidden}>
              {t('selectAll')}
            </Box>
          </TableCell>
          {head('memberNr')}
          {head('member')}
          {head('level')}
          {head('amount', true)}
          {head('dueSince')}
          {head('lastReminder')}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={row.id} data-testid="reminders-row" data-level={row.level}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={chosen.has(row.id)}
                onChange={() => toggle(row.id)}
                slotProps={{
                  input: {
                    'aria-label': t('selectOne', { name: row.memberName || row.memberNr }),
                    'data-testid': 'reminders-select',
                  } as object,
                }}
              />
            </TableCell>
            <TableCell>{row.memberNr ?? ''}</TableCell>
            <TableCell>
              <Link component={RouterLink} to={`/member/${encodeURIComponent(row.id)}`}>
                {row.memberName || '—'}
              </Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`levels.${row.level}`)}</TableCell>
            <TableCell align="right" sx={money}>
              {formatMoney(row.amount)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dueSince)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.lastReminder ? formatDate(row.lastReminder) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
