import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { can, useSession } from '../session/session';
import { InstalmentDialog } from './InstalmentDialog';
import { today } from '../members/model';
import { endsOwing, outstandingOf, owedOn, type ShareDue } from './model';
import { PaymentDialog } from './PaymentDialog';
import { useMemberShareDues, usePaymentTerms } from './queries';
import { useSharePaymentTexts } from './texts';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The member dashboard's "Einzahlungen auf Anteile / Payments on shares" (issue 45): each subscription with its amount,
 * what is paid, what is outstanding and since when, its instalments; "Record payment" and, where the terms allow
 * instalments, "Instalment plan" for the clerks. Shown only while something is or was outstanding (a member whose
 * subscriptions were all paid when posted sees nothing new).
 */
export function MemberShareDues({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const t = useSharePaymentTexts();
  const session = useSession();
  const canWrite = can(session, 'sharepayments:write');
  const dues = useMemberShareDues(memberId);
  const terms = usePaymentTerms();
  const [paying, setPaying] = useState(false);
  const [planning, setPlanning] = useState<ShareDue | null>(null);
  // The subscriptions with something to say: outstanding, on a plan, or paid in part when posted (the others were paid in full).
  const rows = (dues.data ?? []).filter(
    (d) => d.paidWhenPosted < d.amount || d.outstanding > 0 || d.instalments.length > 0,
  );
  if (!can(session, 'sharepayments:read') || rows.length === 0) {
    return dues.error ? (
      <Grid size={{ xs: 12 }}>
        <Alert severity="error" data-testid="member-share-dues-error">
          {dues.error.message}
        </Alert>
      </Grid>
    ) : null;
  }
  // A leaver's dues stay listed but owe nothing once its end took effect (decision 269).
  const day = today();
  const open = outstandingOf(rows.filter((d) => owedOn(d, day)));
  const instalments = terms.data?.instalments;
  const head = (key: string, right = false) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {t(`fields.${key}`)}
    </TableCell>
  );
  return (
    <Grid size={{ xs: 12 }}>
      <Card component="section" aria-labelledby="member-share-dues-title" data-testid="member-share-dues">
        <CardHeader
          id="member-share-dues-title"
          title={t('memberTitle')}
          subheader={t('memberOpen', { amount: formatMoney(open) })}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
          action={
            canWrite && open > 0 ? (
              <Button
                size="small"
                variant="outlined"
                onClick={() => setPaying(true)}
                data-testid="member-share-payment"
              >
                {t('record')}
              </Button>
            ) : null
          }
        />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {head('subscription')}
                {head('amount', true)}
                {head('paid', true)}
                {head('outstanding', true)}
                {head('dueSince')}
                {head('instalments')}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} data-testid="member-share-due">
                  <TableCell>
                    {t('subscriptionOf', {
                      type: translate(`coop.balances.types.${d.type}`),
                      date: formatDate(d.date),
                      shares: t('shares', { smart_count: d.quantity }),
                    })}
                    {d.passedOn > 0 ? (
                      <Box component="span" sx={{ display: 'block' }} data-testid="member-share-due-passed-on">
                        {t('passedOn', { amount: formatMoney(d.passedOn) })}
                      </Box>
                    ) : null}
                    {d.released > 0 ? (
                      <Box component="span" sx={{ display: 'block' }} data-testid="member-share-due-released">
                        {t('released', { amount: formatMoney(d.released) })}
                      </Box>
                    ) : null}
                    {endsOwing(d) ? (
                      <Box component="span" sx={{ display: 'block' }} data-testid="member-share-due-ended">
                        {t(owedOn(d, day) ? 'owedUntilEnd' : 'endedOwing', { date: formatDate(d.owedUntil) })}
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={money}>
                    {formatMoney(d.amount)}
                  </TableCell>
                  <TableCell align="right" sx={money}>
                    {formatMoney(d.paid)}
                  </TableCell>
                  <TableCell align="right" sx={money} data-testid="member-share-due-outstanding">
                    {formatMoney(d.outstanding)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.dueSince)}</TableCell>
                  <TableCell>
                    {/* One line per instalment: joined into one text they were cut off by the card's edge at 1024 px. */}
                    {d.instalments.length > 0 ? (
                      d.instalments.map((i) => (
                        <Box
                          component="span"
                          key={i.dueDate}
                          sx={{ display: 'block', whiteSpace: 'nowrap' }}
                          data-testid="member-share-instalment"
                        >
                          {t('instalmentLine', {
                            date: formatDate(i.dueDate),
                            amount: formatMoney(i.amount),
                            paid: formatMoney(i.paid),
                          })}
                        </Box>
                      ))
                    ) : (
                      <Box component="span" sx={{ display: 'block' }}>
                        –
                      </Box>
                    )}
                    {canWrite && instalments?.allowed && d.outstanding > 0 && owedOn(d, day) ? (
                      <Button
                        size="small"
                        onClick={() => setPlanning(d)}
                        aria-label={t('planFor', { date: formatDate(d.date) })}
                        data-testid="member-share-plan"
                      >
                        {t('plan')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
        {paying ? <PaymentDialog memberId={memberId} dues={rows} onClose={() => setPaying(false)} /> : null}
        {planning && instalments ? (
          <InstalmentDialog memberId={memberId} due={planning} terms={instalments} onClose={() => setPlanning(null)} />
        ) : null}
      </Card>
    </Grid>
  );
}
