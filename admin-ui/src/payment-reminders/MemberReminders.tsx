import { Card, CardContent, CardHeader, Grid, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { can, useSession } from '../session/session';
import { useMemberReminders } from './queries';

/** The member dashboard's "Reminders" (issue 45): each reminder recorded with its level, day and amount; shown only when there is one, as a whole row of the dashboard's grid. */
export function MemberReminders({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.reminders.${key}`, options);
  const reminders = useMemberReminders(memberId, can(useSession(), 'paymentreminders:read'));
  const rows = reminders.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Grid size={{ xs: 12 }}>
      <Card component="section" aria-labelledby="member-reminders-title" data-testid="member-reminders">
        <CardHeader
          id="member-reminders-title"
          title={t('member')}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.date')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.level')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('fields.amount')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.dueSince')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="member-reminder" data-level={r.level}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`levels.${r.level}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(r.amount)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.dueSince)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Grid>
  );
}
