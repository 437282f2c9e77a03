import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Card, CardHeader, Chip, Grid, IconButton, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { useServerList } from '../data/useServerList';
import { formatDate, formatMoney } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import { usePostingLabel } from '../members/MemberDashboard';
import { BALANCE_TYPES, type BalanceRecord } from '../members/model';

/** `/balances` (menu 3): all postings, newest first; filters by type and member (SPEC 2, 9). */
export default function BalanceList() {
  const translate = useTranslate();
  const [type, setType] = useState<string>('');
  const [member, setMember] = useState<string | null>(null);
  const list = useServerList<BalanceRecord>('balances', {
    defaultSort: { field: 'date', order: 'DESC' },
    filter: { ...(type !== '' ? { type } : {}), ...(member ? { member } : {}) },
  });
  const label = usePostingLabel(list.data);
  const f = (field: string) => translate(`resources.balances.fields.${field}`);
  return (
    <Card component="section" aria-labelledby="balances-title" data-testid="balances-list">
      <CardHeader id="balances-title" title={translate('coop.balances.list')} slotProps={{ title: { variant: 'h6', component: 'h1' } }} sx={{ pb: 0 }} />
      <Grid container columnSpacing={2} sx={{ px: 2, pt: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            fullWidth
            label={translate('coop.balances.filterType')}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              list.setPage(1);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'balances-filter-type' } }}
          >
            <MenuItem value="">{translate('coop.balances.allTypes')}</MenuItem>
            {BALANCE_TYPES.map((t) => (
              <MenuItem key={t} value={String(t)}>
                {translate(`coop.balances.types.${t}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <MemberPicker
            value={member}
            onChange={(id) => {
              setMember(id);
              list.setPage(1);
            }}
            label={translate('coop.balances.filterMember')}
            testId="balances-filter-member"
            withExited
            helperText=""
          />
        </Grid>
      </Grid>
      <ListSearch list={list} name="balances" />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="balances-title">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48 }} />
              <SortHeader list={list} field="memberName" label={f('member')} />
              <SortHeader list={list} field="amount" label={f('amount')} align="right" />
              <SortHeader list={list} field="type" label={f('type')} />
              <SortHeader list={list} field="date" label={f('date')} />
              <SortHeader list={list} field="approvalDate" label={f('approvalDate')} />
              <SortHeader list={list} field="interestBegin" label={f('interestBegin')} />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((b) => (
              <TableRow key={b.id} hover data-testid="balances-row" data-type={b.type} sx={b.annulated ? { '& td': { color: 'text.disabled' } } : undefined}>
                <TableCell sx={{ py: 0.25 }}>
                  <Tooltip title={translate('coop.list.details')}>
                    <IconButton component={RouterLink} to={`/balances/${encodeURIComponent(b.id)}`} size="small" aria-label={translate('coop.list.details')} data-testid="balances-open">
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/member/${encodeURIComponent(b.member)}`} underline="hover">
                    {[b.memberNr, b.memberName].filter((x) => x !== null && x !== undefined && x !== '').join(' ')}
                  </Link>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: b.amount < 0 && !b.annulated ? 'error.main' : undefined }}>
                  {formatMoney(b.amount)}
                </TableCell>
                <TableCell>
                  {label(b)}
                  {b.annulated ? <Chip size="small" label={translate('coop.balances.annulled')} sx={{ ml: 1, height: 20 }} /> : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.approvalDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.interestBegin)}</TableCell>
              </TableRow>
            ))}
            {!list.isPending && list.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>{translate('coop.list.empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={list} name="balances" />
    </Card>
  );
}
