import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { RECORDED_PAYMENT_METHODS, SHARE_PAYMENT_REFERENCE_MAX } from '@coop/contracts/console';
import { centsToDecimal, formatDate, formatMoney, parseDateText } from '../format';
import { today } from '../members/model';
import { euroTextToCents, type ShareDue } from './model';
import { useRecordPayment } from './queries';
import { refusalOf, unreadableAmounts } from './refusal';
import { useSharePaymentTexts } from './texts';

const ALL = '';

/**
 * "Zahlung erfassen / Record payment" (`POST /members/{id}/share-payments`): on one subscription, or on the oldest
 * outstanding ones; date, amount (euros), how it came in and the remittance text or receipt number.
 */
export function PaymentDialog({
  memberId,
  dues,
  onClose,
}: {
  memberId: string;
  dues: readonly ShareDue[];
  onClose: () => void;
}) {
  const t = useSharePaymentTexts();
  const notify = useNotify();
  const record = useRecordPayment(memberId);
  const open = dues.filter((d) => d.outstanding > 0);
  const [balanceId, setBalanceId] = useState(open.length === 1 ? open[0]!.id : ALL);
  const chosen = open.find((d) => d.id === balanceId);
  const [amount, setAmount] = useState(chosen ? centsToDecimal(chosen.outstanding) : '');
  const [date, setDate] = useState(formatDate(today()));
  const [method, setMethod] = useState<string>('transfer');
  const [reference, setReference] = useState('');
  const translate = useTranslate();
  const [unreadable, setUnreadable] = useState<Record<string, string>>({});
  const refusal = record.error
    ? refusalOf(record.error, ['balanceId', 'date', 'amount', 'method', 'reference'])
    : { byField: {} as Record<string, string> };
  const submit = () => {
    const found = unreadableAmounts({ amount }, translate('coop.validation.invalidAmount'));
    setUnreadable(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      {
        balanceId: balanceId === ALL ? null : balanceId,
        date: parseDateText(date) ?? date,
        amount: euroTextToCents(amount),
        method,
        reference: reference.trim() === '' ? null : reference,
      },
      {
        onSuccess: () => {
          notify(t('recorded'), { type: 'success' });
          onClose();
        },
      },
    );
  };
  const messages: Record<string, string> = { ...refusal.byField, ...unreadable };
  const field = (name: string) => ({ error: !!messages[name], helperText: messages[name] ?? ' ' });
  return (
    <Dialog open onClose={onClose} aria-labelledby="share-payment-title" data-testid="share-payment-dialog">
      <DialogTitle id="share-payment-title">{t('recordTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('recordText')}</DialogContentText>
        <TextField
          select
          label={t('fields.subscription')}
          value={balanceId}
          onChange={(e) => setBalanceId(e.target.value)}
          fullWidth
          margin="dense"
          {...field('balanceId')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'share-payment-subscription' } as object } }}
        >
          <MenuItem value={ALL}>{t('oldestFirst')}</MenuItem>
          {open.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {t(d.type === 4 ? 'transferOpen' : 'subscriptionOpen', {
                date: formatDate(d.date),
                outstanding: formatMoney(d.outstanding),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('fields.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          fullWidth
          margin="dense"
          {...field('date')}
          // The format under the date until a refusal takes its place, as under every other date of the console.
          helperText={messages.date ?? translate('coop.form.dateHint')}
          slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'share-payment-date' } }}
        />
        <TextField
          label={t('amountEuro')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          fullWidth
          margin="dense"
          {...field('amount')}
          slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal', 'data-testid': 'share-payment-amount' } }}
        />
        <TextField
          select
          label={t('fields.method')}
          value={method}
          onChange={(e) => setMethod(e.target.value)}
          fullWidth
          margin="dense"
          {...field('method')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'share-payment-method' } as object } }}
        >
          {RECORDED_PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('fields.reference')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          fullWidth
          margin="dense"
          {...field('reference')}
          slotProps={{
            htmlInput: { maxLength: SHARE_PAYMENT_REFERENCE_MAX, 'data-testid': 'share-payment-reference' },
          }}
        />
        {refusal.other ? (
          <Alert severity="error" data-testid="share-payment-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="share-payment-cancel">
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={record.isPending} data-testid="share-payment-save">
          {t('record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
