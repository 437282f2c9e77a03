import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { mandateLapsedOn, mandateUsableUntil } from '@coop/contracts/console';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDate, formatMoney, parseDateText } from '../format';
import { can, useSession } from '../session/session';
import { ConfirmDialog } from './ConfirmDialog';
import { returnReasonText } from './returnReason';
import { MANDATE_REFERENCE_MAX, returnRecordable, type DirectDebitPaymentDto, type MandateDto } from './model';
import { today } from '../members/model';
import { useDebitPayments, useGrantMandate, useMandates, useReturnPayment, useRevokeMandate } from './queries';

/**
 * The member page's "SEPA direct debit" panel (issue 45; loaded on demand with React.lazy): the member's mandates (add,
 * revoke after a confirmation) and the payments drawn by direct debit, each with "Record return" (Rücklastschrift)
 * after a confirmation. Writing is shown to the clerks who write members; the API enforces it.
 */
export default function MemberDirectDebits({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.${key}`, options);
  const notify = useNotify();
  const canWrite = can(useSession(), 'directdebits:write');
  const mandates = useMandates(memberId);
  const payments = useDebitPayments(memberId);
  const grant = useGrantMandate(memberId);
  const revoke = useRevokeMandate(memberId);
  const giveBack = useReturnPayment(memberId);
  const [reference, setReference] = useState('');
  const [signedOn, setSignedOn] = useState('');
  const [kind, setKind] = useState('recurring');
  const [revoking, setRevoking] = useState<MandateDto | null>(null);
  const [returning, setReturning] = useState<DirectDebitPaymentDto | null>(null);
  const grantRefusal = grant.error
    ? (apiFieldErrors(grant.error)?.map(validationMessage).join(' ') ?? grant.error.message)
    : null;
  const add = () =>
    grant.mutate(
      { reference: reference.trim(), signedOn: parseDateText(signedOn) ?? signedOn, kind },
      {
        onSuccess: () => {
          setReference('');
          setSignedOn('');
          notify('coop.directDebits.granted', { type: 'success' });
        },
      },
    );
  const cell = { fontWeight: 600 } as const;
  return (
    <Card component="section" aria-labelledby="member-direct-debits-title" data-testid="member-direct-debits">
      <CardHeader
        id="member-direct-debits-title"
        title={t('member.title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
        <Typography variant="subtitle2" component="h3">
          {t('member.mandates')}
        </Typography>
        {mandates.data && mandates.data.length > 0 ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={cell}>{t('fields.reference')}</TableCell>
                <TableCell sx={cell}>{t('fields.signedOn')}</TableCell>
                <TableCell sx={cell}>{t('fields.kind')}</TableCell>
                <TableCell sx={cell}>{t('fields.state')}</TableCell>
                <TableCell sx={cell}>{t('fields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mandates.data.map((m) => (
                <TableRow key={m.id} data-testid="mandate-row">
                  <TableCell>{m.reference}</TableCell>
                  <TableCell>{formatDate(m.signedOn)}</TableCell>
                  <TableCell>{t(`kinds.${m.kind}`)}</TableCell>
                  <TableCell>
                    {m.status === 'revoked'
                      ? t('revokedOn', { date: formatDate(m.revokedOn) })
                      : mandateLapsedOn(m.signedOn, m.lastCollectionDate, today())
                        ? t('lapsed', { date: formatDate(mandateUsableUntil(m.signedOn, m.lastCollectionDate)) })
                        : t('active', { count: m.collections, smart_count: m.collections })}
                  </TableCell>
                  <TableCell>
                    {canWrite && m.status === 'active' ? (
                      <Button size="small" color="warning" onClick={() => setRevoking(m)} data-testid="mandate-revoke">
                        {t('revoke')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('member.noMandate')}
          </Typography>
        )}
        {canWrite ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}>
            <TextField
              size="small"
              label={t('fields.reference')}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MANDATE_REFERENCE_MAX, 'data-testid': 'mandate-reference' } }}
            />
            <TextField
              size="small"
              label={t('fields.signedOn')}
              helperText={translate('coop.form.dateHint')}
              value={signedOn}
              onChange={(e) => setSignedOn(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'mandate-signed-on' } }}
            />
            <TextField
              size="small"
              select
              label={t('fields.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="recurring">{t('kinds.recurring')}</MenuItem>
              <MenuItem value="oneOff">{t('kinds.oneOff')}</MenuItem>
            </TextField>
            <Button
              variant="outlined"
              onClick={add}
              disabled={reference.trim() === '' || signedOn.trim() === '' || grant.isPending}
              data-testid="mandate-add"
            >
              {t('grant')}
            </Button>
          </Box>
        ) : null}
        {grantRefusal ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="mandate-error">
            {grantRefusal}
          </Alert>
        ) : null}

        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('member.payments')}
        </Typography>
        {payments.data && payments.data.length > 0 ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={cell}>{t('fields.collectionDate')}</TableCell>
                <TableCell sx={cell} align="right">
                  {t('fields.amount')}
                </TableCell>
                <TableCell sx={cell}>{t('fields.state')}</TableCell>
                <TableCell sx={cell}>{t('fields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.data.map((p) => (
                <TableRow key={p.id} data-testid="debit-payment-row">
                  <TableCell>{formatDate(p.date)}</TableCell>
                  <TableCell align="right">{formatMoney(p.amount)}</TableCell>
                  <TableCell>
                    {p.returnedOn
                      ? p.returnReason
                        ? t('returnedOn', {
                            date: formatDate(p.returnedOn),
                            reason: returnReasonText(p.returnReason, translate),
                          })
                        : t('returnedOnNoReason', { date: formatDate(p.returnedOn) })
                      : t('collected')}
                  </TableCell>
                  <TableCell>
                    {canWrite && !p.returnedOn ? (
                      returnRecordable(p.date, today()) ? (
                        <Button
                          size="small"
                          color="warning"
                          onClick={() => setReturning(p)}
                          data-testid="debit-payment-return"
                        >
                          {t('recordReturn')}
                        </Button>
                      ) : (
                        <Typography variant="body2" color="text.secondary" data-testid="debit-payment-return-from">
                          {t('returnFrom', { date: formatDate(p.date) })}
                        </Typography>
                      )
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('member.noPayments')}
          </Typography>
        )}
      </CardContent>
      {revoking ? (
        <ConfirmDialog
          id="mandate-revoke-dialog"
          title={t('revokeTitle')}
          text={t('revokeText', { reference: revoking.reference })}
          confirm={t('revoke')}
          dateHint={t('revokeDateHint', { date: formatDate(revoking.signedOn) })}
          pending={revoke.isPending}
          error={revoke.error}
          onConfirm={(date) => revoke.mutate({ mandateId: revoking.id, date }, { onSuccess: () => setRevoking(null) })}
          onClose={() => setRevoking(null)}
        />
      ) : null}
      {returning ? (
        <ConfirmDialog
          id="debit-return-dialog"
          title={t('recordReturn')}
          text={t('returnText', { amount: formatMoney(returning.amount), date: formatDate(returning.date) })}
          confirm={t('recordReturn')}
          withReason
          dateHint={t('returnDateHint', { date: formatDate(returning.date) })}
          pending={giveBack.isPending}
          error={giveBack.error}
          onConfirm={(date, reason) =>
            giveBack.mutate({ paymentId: returning.id, date, reason }, { onSuccess: () => setReturning(null) })
          }
          onClose={() => setReturning(null)}
        />
      ) : null}
    </Card>
  );
}
