import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDate, formatMoney, parseDateText } from '../format';
import { today } from '../members/model';
import { REVERSE_REASON_MAX, settlementName, type SettlementRecord } from './model';
import { useReverseSettlement } from './queries';

/** The server's refusal of a correction, by field (`reason`, `date`) and the rest as one text. */
function refusalOf(error: unknown): { reason?: string; date?: string; other?: string } {
  const fields = apiFieldErrors(error);
  if (!fields) return { other: error instanceof Error ? error.message : String(error) };
  const out: { reason?: string; date?: string; other?: string } = {};
  for (const f of fields) {
    const text = validationMessage(f);
    if (f.field === 'reason' || f.field === 'date') out[f.field] = text;
    else out.other = out.other ? `${out.other} ${text}` : text;
  }
  return out;
}

/** A correction of a recorded settlement (`POST /settlements/{id}/reverse`): the reason and the date, then it is due again. */
export function ReverseDialog({ row, onClose }: { row: SettlementRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reverse = useReverseSettlement();
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(formatDate(today()));
  const refusal = reverse.error ? refusalOf(reverse.error) : {};
  const submit = () => {
    reverse.mutate(
      { id: row.id, reason: reason.slice(0, REVERSE_REASON_MAX), date: parseDateText(date) ?? date },
      {
        onSuccess: () => {
          notify('coop.settlements.reversed', { type: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="settlement-reverse-title" data-testid="settlement-reverse-dialog">
      <DialogTitle id="settlement-reverse-title">{translate('coop.settlements.reverseTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('coop.settlements.reverseText', { name: settlementName(row), amount: formatMoney(row.amount) })}
        </DialogContentText>
        <TextField
          label={translate('coop.settlements.reverseReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          margin="dense"
          error={!!refusal.reason}
          helperText={refusal.reason ?? ' '}
          slotProps={{ htmlInput: { maxLength: REVERSE_REASON_MAX, 'data-testid': 'settlement-reverse-reason' } }}
        />
        <TextField
          label={translate('coop.settlements.reverseDate')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          fullWidth
          margin="dense"
          error={!!refusal.date}
          helperText={refusal.date ?? translate('coop.form.dateHint')}
          slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'settlement-reverse-date' } }}
        />
        {refusal.other ? (
          <Alert severity="error" data-testid="settlement-reverse-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="settlement-reverse-cancel">
          {translate('coop.settlements.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={submit}
          disabled={reverse.isPending}
          data-testid="settlement-reverse-yes"
        >
          {translate('coop.settlements.reverseYes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
