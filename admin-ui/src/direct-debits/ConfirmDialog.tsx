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
import { useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDate, parseDateText } from '../format';
import { today } from '../members/model';

/**
 * The confirmation of a revocation or a returned debit: the text, the date (`initialDate`, today by default, with the
 * rule it follows as `dateHint`) and, for a return, the bank's reason code; the server's refusal is shown in the clerk's
 * language.
 */
export function ConfirmDialog(props: {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly confirm: string;
  readonly withReason?: boolean;
  /** The date proposed (`YYYY-MM-DD`); today without. */
  readonly initialDate?: string;
  /** The date's rule, under the field. */
  readonly dateHint?: string;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onConfirm: (date: string, reason: string | null) => void;
  readonly onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`coop.directDebits.${key}`);
  const [date, setDate] = useState(formatDate(props.initialDate ?? today()));
  const [reason, setReason] = useState('');
  const fields = props.error ? apiFieldErrors(props.error) : null;
  const refusal = props.error
    ? fields
      ? fields.map(validationMessage).join(' ')
      : props.error instanceof Error
        ? props.error.message
        : String(props.error)
    : null;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
        <TextField
          label={t('date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          fullWidth
          margin="dense"
          helperText={props.dateHint}
          slotProps={{ htmlInput: { maxLength: 10, 'data-testid': `${props.id}-date` } }}
        />
        {props.withReason ? (
          <TextField
            label={t('returnReason')}
            helperText={t('returnReasonHint')}
            value={reason}
            onChange={(e) => setReason(e.target.value.toUpperCase())}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 4, 'data-testid': `${props.id}-reason` } }}
          />
        ) : null}
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={props.pending}
          onClick={() => props.onConfirm(parseDateText(date) ?? date, reason.trim() === '' ? null : reason.trim())}
          data-testid={`${props.id}-yes`}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
