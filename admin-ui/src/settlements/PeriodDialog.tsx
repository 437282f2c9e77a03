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
import { requiredField } from '../common/requiredField';
import { TERMS_INPUT_MAX } from './model';
import { useSetPayoutPeriod } from './queries';
import { refusalByField } from './refusals';

/**
 * The cooperative's payout period (`PUT /settlements/terms`): six months after the end unless the statutes set another
 * (§ 73 (2) GenG). It moves the deadline of every settlement still due; the API checks the months (1 to 60) and the role.
 */
export function PeriodDialog({ months, onClose }: { months: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useSetPayoutPeriod();
  const [text, setText] = useState(String(months));
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const refusal = refusalByField(save.error, ['payoutPeriodMonths'] as const);
  const problem = missing ? translate(missing) : refusal.payoutPeriodMonths;
  const submit = () => {
    const value = text.trim();
    const empty = requiredField(value);
    setMissing(empty);
    if (empty) return;
    save.mutate(
      { payoutPeriodMonths: /^\d+$/.test(value) ? Number(value) : value },
      {
        onSuccess: () => {
          notify('coop.settlements.terms.periodSaved', { type: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="settlement-period-title" data-testid="settlement-period-dialog">
      <DialogTitle id="settlement-period-title">{translate('coop.settlements.terms.periodTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="settlement-period-text">
          {translate('coop.settlements.terms.periodText')}
        </DialogContentText>
        <TextField
          label={translate('coop.settlements.terms.periodMonths')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMissing(undefined);
          }}
          required={requiredField.isRequired}
          fullWidth
          margin="dense"
          error={!!problem}
          helperText={problem ?? translate('coop.settlements.terms.periodHint')}
          slotProps={{
            htmlInput: {
              maxLength: TERMS_INPUT_MAX.payoutPeriodMonths,
              inputMode: 'numeric',
              'data-testid': 'settlement-period-months',
            },
          }}
        />
        {refusal.other ? (
          <Alert severity="error" data-testid="settlement-period-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="settlement-period-cancel">
          {translate('coop.settlements.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="settlement-period-save">
          {translate('coop.settlements.terms.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
