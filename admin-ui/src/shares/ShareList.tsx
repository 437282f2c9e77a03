import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Card,
  CardHeader,
  Grid,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { denseColumns, WIDE_ONLY } from '../common/denseTable';
import { EmptyListRow } from '../common/EmptyListRow';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { useServerList } from '../data/useServerList';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import type { ShareRecord } from './model';
import { ActionsHeader } from '../common/ActionsHeader';

/**
 * `/shares` (menu 4, ROLE_SUPER_ADMIN): the share register, one row per posting, by member number; each row names its
 * member (number and name). Searched by the member's name or number and filtered by member, kept in the address with
 * sort and page (useServerList).
 */
export default function ShareList() {
  const translate = useTranslate();
  const list = useServerList<ShareRecord>('shares', {
    defaultSort: { field: 'memberNr', order: 'ASC' },
    thenBy: ['memberNr', 'date'],
    filter: (param) => (param('member') ? { member: param('member') } : {}),
  });
  const member = list.param('member') || null;
  const f = (field: string) => translate(`resources.shares.fields.${field}`);
  const short = (field: string) => translate(`coop.shares.columns.${field}`);
  const head = { fontWeight: 600 } as const;
  return (
    <Card component="section" aria-labelledby="shares-title" data-testid="shares-list">
      <CardHeader
        id="shares-title"
        title={translate('coop.shares.list')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        sx={{ pb: 0 }}
      />
      <Grid container columnSpacing={2} sx={{ px: 2, pt: 1 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <MemberPicker
            value={member}
            onChange={(id) => list.setParam('member', id)}
            label={translate('coop.shares.filterMember')}
            testId="shares-filter-member"
            withExited
            helperText=""
          />
        </Grid>
      </Grid>
      <ListSearch list={list} name="shares" />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="shares-title" sx={denseColumns}>
          <TableHead>
            <TableRow>
              <ActionsHeader width={48} />
              <SortHeader
                list={list}
                field="memberNr"
                label={translate('coop.members.nrShort')}
                title={f('memberNr')}
              />
              <TableCell sx={head}>{f('memberName')}</TableCell>
              <SortHeader list={list} field="process" label={f('process')} />
              <TableCell sx={head} align="right">
                {f('shareAmount')}
              </TableCell>
              <TableCell sx={head} align="right">
                {f('rueckpfleinzahlung')}
              </TableCell>
              {/* Short German headers over the dates, their full names as titles (decision 287). */}
              <SortHeader list={list} field="admissionDate" label={short('admissionDate')} title={f('admissionDate')} />
              <SortHeader list={list} field="date" label={f('date')} />
              <SortHeader list={list} field="interestBegin" label={short('interestBegin')} title={f('interestBegin')} />
              <SortHeader list={list} field="interestEnd" label={short('interestEnd')} title={f('interestEnd')} />
              {/* The last change from 1200 px on: the entry's page lists every change. */}
              <TableCell sx={[head, WIDE_ONLY]}>{translate('coop.shares.lastChange')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((s) => (
              <TableRow key={s.id} hover data-testid="shares-row" data-process={s.process}>
                <TableCell sx={{ py: 0.25 }}>
                  <Tooltip title={translate('coop.list.edit')}>
                    <IconButton
                      component={RouterLink}
                      to={`/shares/${encodeURIComponent(s.id)}`}
                      size="small"
                      aria-label={translate('coop.list.edit')}
                      data-testid="shares-edit"
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/member/${encodeURIComponent(s.member)}`} underline="hover">
                    {s.memberNr ?? ''}
                  </Link>
                </TableCell>
                <TableCell data-testid="shares-member-name">
                  <Link
                    component={RouterLink}
                    to={`/member/${encodeURIComponent(s.member)}`}
                    underline="hover"
                    color="inherit"
                  >
                    {s.memberName}
                  </Link>
                </TableCell>
                <TableCell>{translate(`coop.balances.types.${s.process}`, { _: String(s.process) })}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(s.shareAmount)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatMoney(s.rueckpfleinzahlung)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.admissionDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.interestBegin)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.interestEnd)}</TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ whiteSpace: 'nowrap' }}
                  >{`${translate(`coop.shares.actions.${s.cdcAction}`, { _: s.cdcAction })} · ${s.cdcUser}`}</Typography>
                  <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(s.cdcTimestamp)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
            <EmptyListRow list={list} columns={11} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={list} name="shares" />
    </Card>
  );
}
