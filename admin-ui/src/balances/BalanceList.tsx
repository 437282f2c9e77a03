import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Card,
  CardHeader,
  Chip,
  Grid,
  IconButton,
  Link,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { EmptyListRow } from '../common/EmptyListRow';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { useServerList } from '../data/useServerList';
import { formatDate, formatMoney, parseDateText } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import { usePostingLabel } from '../members/usePostingLabel';
import { BALANCE_TYPES, type BalanceRecord } from '../members/model';
import { ActionsHeader } from '../common/ActionsHeader';

/**
 * A date of the postings' date range, typed as dd.mm.yyyy: applied when the field is left or Enter is pressed; a text
 * that is no date, or an end before the start, is shown as an error at the field and not applied.
 */
function DateFilter({
  value,
  onChange,
  label,
  testId,
  notBefore,
}: {
  value: string;
  onChange: (iso: string | null) => void;
  label: string;
  testId: string;
  notBefore?: string;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(value ? formatDate(value) : '');
  const [error, setError] = useState<string | null>(null);
  // The address changed (Back, another link): the field shows its date.
  useEffect(() => {
    setText(value ? formatDate(value) : '');
    setError(null);
  }, [value]);
  const apply = () => {
    if (text.trim() === '') {
      setError(null);
      if (value) onChange(null);
      return;
    }
    const iso = parseDateText(text);
    if (!iso) return setError(translate('coop.validation.invalidDate'));
    if (notBefore && iso < notBefore) return setError(translate('coop.balances.toBeforeFrom'));
    setError(null);
    setText(formatDate(iso));
    if (iso !== value) onChange(iso);
  };
  return (
    <TextField
      fullWidth
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      error={error !== null}
      helperText={error ?? translate('coop.form.dateHint')}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          placeholder: translate('coop.form.dateHint'),
          inputMode: 'numeric',
          autoComplete: 'off',
        },
      }}
    />
  );
}

/**
 * `/balances` (menu 3): all postings, newest first; filters by type, member and a date range (SPEC 2, 9), kept in the
 * address with search, sort and page (useServerList).
 */
export default function BalanceList() {
  const translate = useTranslate();
  const list = useServerList<BalanceRecord>('balances', {
    defaultSort: { field: 'date', order: 'DESC' },
    filter: (param) => ({
      ...(param('type') !== '' ? { type: param('type') } : {}),
      ...(param('member') ? { member: param('member') } : {}),
    }),
    // The date range is the API's `from` and `to` (checked there too).
    params: (param) => ({ from: param('from'), to: param('to') }),
  });
  const type = list.param('type');
  const member = list.param('member') || null;
  const from = list.param('from');
  const to = list.param('to');
  const label = usePostingLabel(list.data);
  const f = (field: string) => translate(`resources.balances.fields.${field}`);
  return (
    <Card component="section" aria-labelledby="balances-title" data-testid="balances-list">
      <CardHeader
        id="balances-title"
        title={translate('coop.balances.list')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        sx={{ pb: 0 }}
      />
      <Grid container columnSpacing={2} sx={{ px: 2, pt: 1 }}>
        <Grid size={{ xs: 12, md: 3 }}>
          <TextField
            select
            fullWidth
            label={translate('coop.balances.filterType')}
            value={type}
            onChange={(e) => list.setParam('type', e.target.value)}
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
        <Grid size={{ xs: 12, md: 5 }}>
          <MemberPicker
            value={member}
            onChange={(id) => list.setParam('member', id)}
            label={translate('coop.balances.filterMember')}
            testId="balances-filter-member"
            withExited
            helperText=""
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <DateFilter
            value={from}
            onChange={(iso) => list.setParam('from', iso)}
            label={translate('coop.balances.filterFrom')}
            testId="balances-filter-from"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <DateFilter
            value={to}
            onChange={(iso) => list.setParam('to', iso)}
            label={translate('coop.balances.filterTo')}
            testId="balances-filter-to"
            notBefore={from || undefined}
          />
        </Grid>
      </Grid>
      <ListSearch list={list} name="balances" />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="balances-title">
          <TableHead>
            <TableRow>
              <ActionsHeader width={48} />
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
              <TableRow
                key={b.id}
                hover
                data-testid="balances-row"
                data-type={b.type}
                sx={b.annulated ? { '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell sx={{ py: 0.25 }}>
                  <Tooltip title={translate('coop.list.details')}>
                    <IconButton
                      component={RouterLink}
                      to={`/balances/${encodeURIComponent(b.id)}`}
                      size="small"
                      aria-label={translate('coop.list.details')}
                      data-testid="balances-open"
                    >
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/member/${encodeURIComponent(b.member)}`} underline="hover">
                    {[b.memberNr, b.memberName].filter((x) => x !== null && x !== undefined && x !== '').join(' ')}
                  </Link>
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
                <TableCell>
                  {label(b)}
                  {b.annulated ? (
                    <Chip size="small" label={translate('coop.balances.annulled')} sx={{ ml: 1, height: 20 }} />
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.approvalDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(b.interestBegin)}</TableCell>
              </TableRow>
            ))}
            <EmptyListRow list={list} columns={7} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={list} name="balances" />
    </Card>
  );
}
