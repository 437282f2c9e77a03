import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { proposePlan, type InstalmentTerms } from '@coop/contracts/console';
import { centsToDecimal, formatDate, formatMoney, parseDateText } from '../format';
import { today } from '../members/model';
import { euroTextToCents, type ShareDue } from './model';
import { useSetInstalments } from './queries';
import { refusalOf, unreadableAmounts } from './refusal';
import { useSharePaymentTexts } from './texts';

type Row = { dueDate: string; amount: string };

/**
 * The instalment plan of a subscription (`PUT /members/{id}/postings/{balanceId}/instalments`), proposed from the payment
 * terms (proposePlan: equal parts, the rest on the last, from today or the posting's date); the clerk may change each
 * due date and amount; the server checks the terms (§ 7 Nr. 1 GenG).
 */
export function InstalmentDialog({
  memberId,
  due,
  terms,
  onClose,
}: {
  memberId: string;
  due: ShareDue;
  terms: InstalmentTerms;
  onClose: () => void;
}) {
  const t = useSharePaymentTexts();
  const notify = useNotify();
  const save = useSetInstalments(memberId);
  const from = today() > due.date ? today() : due.date;
  // What a plan divides: the subscription's amount less what was paid with it (later payments count towards its instalments).
  const planned = due.amount - due.paidWhenPosted;
  const proposed = (): Row[] =>
    (due.instalments.length > 0 ? due.instalments : proposePlan(planned, due.quantity, from, terms)).map((i) => ({
      dueDate: formatDate(i.dueDate),
      amount: centsToDecimal(i.amount),
    }));
  const [rows, setRows] = useState<Row[]>(proposed);
  const refusal = save.error
    ? refusalOf(
        save.error,
        rows.flatMap((_, n) => [`instalments.${n}.dueDate`, `instalments.${n}.amount`]),
      )
    : { byField: {} as Record<string, string> };
  const translate = useTranslate();
  const [unreadable, setUnreadable] = useState<Record<string, string>>({});
  const messages: Record<string, string> = { ...refusal.byField, ...unreadable };
  const change = (n: number, key: keyof Row, value: string) =>
    setRows(rows.map((r, i) => (i === n ? { ...r, [key]: value } : r)));
  const submit = () => {
    const found = unreadableAmounts(
      Object.fromEntries(rows.map((r, n) => [`instalments.${n}.amount`, r.amount])),
      translate('coop.validation.invalidAmount'),
    );
    setUnreadable(found);
    if (Object.keys(found).length > 0) return;
    const instalments = rows.map((r) => ({
      dueDate: parseDateText(r.dueDate) ?? r.dueDate,
      amount: euroTextToCents(r.amount) as number,
    }));
    save.mutate(
      { balanceId: due.id, instalments },
      {
        onSuccess: () => {
          notify(t('planSaved'), { type: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="share-instalments-title" data-testid="share-instalments-dialog">
      <DialogTitle id="share-instalments-title">{t('planTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('planText', {
            amount: formatMoney(planned),
            count: terms.maxCount,
            months: terms.rhythmMonths,
            smart_count: terms.rhythmMonths,
          })}
        </DialogContentText>
        <Grid container columnSpacing={2}>
          {rows.map((r, n) => (
            <Grid container size={{ xs: 12 }} columnSpacing={2} key={n}>
              <Grid size={{ xs: 6 }}>
                <TextField
                  label={t('instalmentDue', { n: n + 1 })}
                  value={r.dueDate}
                  onChange={(e) => change(n, 'dueDate', e.target.value)}
                  fullWidth
                  margin="dense"
                  error={!!messages[`instalments.${n}.dueDate`]}
                  helperText={messages[`instalments.${n}.dueDate`] ?? translate('coop.form.dateHint')}
                  slotProps={{ htmlInput: { maxLength: 10 } }}
                />
              </Grid>
              <Grid size={{ xs: 6 }}>
                <TextField
                  label={t('instalmentAmount', { n: n + 1 })}
                  value={r.amount}
                  onChange={(e) => change(n, 'amount', e.target.value)}
                  fullWidth
                  margin="dense"
                  error={!!messages[`instalments.${n}.amount`]}
                  helperText={messages[`instalments.${n}.amount`] ?? ' '}
                  slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal' } }}
                />
              </Grid>
            </Grid>
          ))}
        </Grid>
        {refusal.other ? (
          <Alert severity="error" data-testid="share-instalments-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="share-instalments-save">
          {t('savePlan')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
