import { Box, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
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
        sx={{ ml: 1, height: 22 }}
        data-testid="dividend-member-problem"
      />
    </Tooltip>
  );
}

/**
 * The per-member list of a calculation or a closure (SPEC 2): paged, sortable and searchable by name or number by the
 * API (useMemberPages); the name opens the member dashboard. Money as `1.234,56 €`. `credits` (a closure that credited
 * dividends to the Geschäftsguthaben, issue 45): the credit in its own column beside the payout.
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
  const header = (field: string, right = true) => (
    <SortHeader list={shared} field={field} label={f(field)} {...(right ? { align: 'right' as const } : {})} />
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
              {header('amount')}
              {header('exemptions')}
              {header('dividendTax')}
              {header('solidarityTax')}
              {header('churchTax')}
              {credits ? (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {f('creditedAmount')}
                </TableCell>
              ) : null}
              {header('paymentAmount')}
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
                  <Link
                    component={RouterLink}
                    to={`/member/${encodeURIComponent(m.member)}`}
                    underline="hover"
                    sx={{ fontWeight: 600 }}
                  >
                    {memberListName(m)}
                  </Link>
                  <Problems row={m} />
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.balances)}
                </TableCell>
                <TableCell align="right" sx={money} data-testid={`${name}-gross`}>
                  {formatMoney(m.amount)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.exemptions)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.dividendTax)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.solidarityTax)}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(m.churchTax)}
                </TableCell>
                {credits ? (
                  <TableCell align="right" sx={money} data-testid={`${name}-credited`}>
                    {formatMoney(m.creditedAmount)}
                  </TableCell>
                ) : null}
                <TableCell align="right" sx={{ ...money, fontWeight: 600 }} data-testid={`${name}-net`}>
                  {formatMoney(m.paymentAmount)}
                </TableCell>
              </TableRow>
            ))}
            <EmptyListRow list={list} columns={credits ? 10 : 9} text={translate('coop.dividend.noMembers')} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={shared} name={name} />
    </Box>
  );
}
