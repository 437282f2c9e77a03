import {
  Box,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate, type RaRecord } from 'react-admin';
import { EmptyListRow } from '../common/EmptyListRow';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import type { ServerList } from '../data/useServerList';
import { formatMoney } from '../format';
import { memberListName } from './model';
import type { DividendMemberRow } from './useMemberPages';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The second value of a cell holding two (exempted under gross, Soli under KapESt, the credit under the payout): on its
 * own line, never broken.
 */
function Second({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box component="span" sx={{ ...money, display: 'block', color: 'text.secondary' }} data-testid={testId}>
      {children}
    </Box>
  );
}

/**
 * The payout's header over a closure that credited dividends (issue 45): "Net payout /" (sorted, as `SortHeader` sorts)
 * above the credit's name, which the API does not sort by.
 */
function PayoutHeader({ list, label, credit }: { list: ServerList<RaRecord>; label: string; credit: string }) {
  const translate = useTranslate();
  const direction = list.sort?.field === 'paymentAmount' ? (list.sort.order === 'DESC' ? 'desc' : 'asc') : null;
  return (
    <TableCell
      align="right"
      sortDirection={direction ?? false}
      sx={{ fontWeight: 600 }}
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
    >
      <div>
        <TableSortLabel
          active={direction !== null}
          direction={direction ?? 'asc'}
          onClick={() => list.cycleSort('paymentAmount')}
          title={translate('coop.list.sortHint')}
          data-testid="sort-paymentAmount"
        >
          {/* One inline box: a label of two words wraps with its slash after the second, not beside both. */}
          <span>
            {label}
            <span aria-hidden="true">&nbsp;/</span>
          </span>
        </TableSortLabel>
      </div>
      <div>{credit}</div>
    </TableCell>
  );
}

/** What refuses the closure for this member (a missing tax id), as a chip beside the name. */
function Problems({ row }: { row: DividendMemberRow }) {
  const translate = useTranslate();
  if (row.problems.length === 0) return null;
  const text = row.problems.map((p) => translate(`coop.validation.${p}`, { _: p })).join(' · ');
  return (
    <Tooltip title={text} describeChild>
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={translate('coop.dividend.problem')}
        // The label wraps at its spaces where the column is narrow (German at 1024 px), instead of widening the table.
        sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
        data-testid="dividend-member-problem"
      />
    </Tooltip>
  );
}

/**
 * The per-member list of a calculation or a closure (SPEC 2): paged, sortable and searchable by name or number by the
 * API (useMemberPages); the name opens the member dashboard. Money as `1.234,56 €`. `credits` (a closure that credited
 * dividends to the Geschäftsguthaben, issue 45): the credit under the payout. To fit 1024 px in German (issue 43), pairs
 * share a column, the second value under the first: gross and exempted, KapESt and Soli (each sorted by its own label),
 * the payout and the credit.
 */
export function DividendMembersTable({
  list,
  name,
  titleId,
  credits = false,
}: {
  list: ServerList<DividendMemberRow>;
  name: string;
  titleId: string;
  credits?: boolean;
}) {
  const translate = useTranslate();
  const shared = list as unknown as ServerList<RaRecord>;
  const f = (field: string) => translate(`coop.dividend.fields.${field}`);
  const header = (field: string, right = true, second?: string) => (
    <SortHeader
      list={shared}
      field={field}
      label={f(field)}
      {...(second ? { second: { field: second, label: f(second) } } : {})}
      {...(right ? { align: 'right' as const } : {})}
    />
  );
  return (
    <Box data-testid={`${name}-members`}>
      <ListSearch list={shared} name={name} />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              {header('memberNr')}
              {header('name', false)}
              {header('balances')}
              {header('amount', true, 'exemptions')}
              {header('dividendTax', true, 'solidarityTax')}
              {header('churchTax')}
              {credits ? (
                <PayoutHeader list={shared} label={f('paymentAmount')} credit={f('creditedColumn')} />
              ) : (
                header('paymentAmount')
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((m) => (
              <TableRow
                key={m.id}
                hover
                data-testid={`${name}-row`}
                data-member-id={m.member}
                data-member-nr={m.memberNr}
              >
                <TableCell align="right" sx={money}>
                  {m.memberNr}
                </TableCell>
                <TableCell>
                  {/* The chip beside the name where there is room, else under it. */}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}>
                    <Link
                      component={RouterLink}
                      to={`/member/${encodeURIComponent(m.member)}`}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      {memberListName(m)}
                    </Link>
                    <Problems row={m} />
                  </Box>
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.balances)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  <span data-testid={`${name}-gross`}>{formatMoney(m.amount)}</span>
                  <Second>{formatMoney(m.exemptions)}</Second>
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.dividendTax)}
                  <Second>{formatMoney(m.solidarityTax)}</Second>
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.churchTax)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  <Box component="span" sx={{ fontWeight: 600 }} data-testid={`${name}-net`}>
                    {formatMoney(m.paymentAmount)}
                  </Box>
                  {credits ? <Second testId={`${name}-credited`}>{formatMoney(m.creditedAmount)}</Second> : null}
                </TableCell>
              </TableRow>
            ))}
            <EmptyListRow list={list} columns={7} text={translate('coop.dividend.noMembers')} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={shared} name={name} />
    </Box>
  );
}
