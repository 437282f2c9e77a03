import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount, formatDate, formatMoney } from '../format';
import { PAGE_SIZE } from './model';
import { useShareDues } from './queries';
import { useSharePaymentTexts } from './texts';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * "Offene Einzahlungen / Outstanding payments" (issue 45): every subscription of the cooperative with something
 * outstanding, oldest due first, the sum outstanding over every match (not only the page), found by the member's name
 * or number; the member's name opens the member, where a payment is recorded.
 */
export default function ShareDuesScreen() {
  const translate = useTranslate();
  const t = useSharePaymentTexts();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const list = useShareDues(page, search);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const head = (key: string, right = false) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {t(`fields.${key}`)}
    </TableCell>
  );
  return (
    <Card component="section" aria-labelledby="share-dues-title" data-testid="share-dues" sx={{ mt: 1 }}>
      <CardHeader
        id="share-dues-title"
        title={translate('coop.title.shareDues')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          {/* As wide as its German label ("Name oder Nummer des Mitglieds"), which MUI's default width cut. */}
          <TextField
            size="small"
            label={t('search')}
            sx={{ width: '22rem', maxWidth: '100%' }}
            value={search}
            onChange={(e) => {
              setPage(0);
              setSearch(e.target.value);
            }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'share-dues-search' } }}
          />
          <Typography variant="body2" data-testid="share-dues-sum" sx={{ flex: 1, minWidth: 240 }}>
            {t('sum', { smart_count: total, count: formatCount(total), sum: formatMoney(list.data?.sum ?? 0) })}
          </Typography>
        </Box>
        {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {list.error ? (
          <Alert severity="error" data-testid="share-dues-error">
            {list.error.message}
          </Alert>
        ) : null}
        {list.isSuccess && rows.length === 0 ? (
          <Typography data-testid="share-dues-empty">{t('empty')}</Typography>
        ) : null}
        {rows.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="share-dues-title">
              <TableHead>
                <TableRow>
                  {head('memberNr', true)}
                  {head('member')}
                  {head('subscription')}
                  {head('amount', true)}
                  {head('paid', true)}
                  {head('outstanding', true)}
                  {head('dueSince')}
                  {head('reminderLevel')}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-testid="share-dues-row">
                    <TableCell align="right">{row.memberNr ?? ''}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/member/${encodeURIComponent(row.member)}`}>
                        {row.memberName || t('erased')}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {t('subscriptionOf', {
                        type: translate(`coop.balances.types.${row.type}`),
                        date: formatDate(row.date),
                        shares: t('shares', { smart_count: row.quantity }),
                      })}
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(row.amount)}
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(row.paid)}
                    </TableCell>
                    <TableCell align="right" sx={money} data-testid="share-dues-outstanding">
                      {formatMoney(row.outstanding)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dueSince)}</TableCell>
                    <TableCell>
                      {row.reminderLevel > 0 ? translate(`coop.reminders.levels.${row.reminderLevel}`) : '–'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        {total > PAGE_SIZE ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}>
            <Button
              size="small"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
              data-testid="share-dues-previous"
            >
              {t('previous')}
            </Button>
            <Typography variant="body2">
              {t('page', { page: page + 1, pages: Math.ceil(total / PAGE_SIZE) })}
            </Typography>
            <Button
              size="small"
              disabled={(page + 1) * PAGE_SIZE >= total}
              onClick={() => setPage(page + 1)}
              data-testid="share-dues-next"
            >
              {t('next')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
