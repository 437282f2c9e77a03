import { TEXT_MAX } from '@coop/contracts/console';
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
import { settlementName, type SettlementRecord } from './model';
import { useHeirsAccount } from './queries';

type Field = 'accountHolder' | 'iban' | 'bic';
const FIELDS: readonly Field[] = ['accountHolder', 'iban', 'bic'];
const MAX: Record<Field, number> = { accountHolder: TEXT_MAX.name, iban: TEXT_MAX.iban, bic: TEXT_MAX.code };

/** The server's refusal by field, the rest as one text. */
function refusalOf(error: unknown): Partial<Record<Field | 'other', string>> {
  const fields = apiFieldErrors(error);
  if (!fields) return { other: error instanceof Error ? error.message : String(error) };
  const out: Partial<Record<Field | 'other', string>> = {};
  for (const f of fields) {
    const key = f.field !== null && (FIELDS as readonly string[]).includes(f.field) ? (f.field as Field) : 'other';
    out[key] = out[key] ? `${out[key]} ${validationMessage(f)}` : validationMessage(f);
  }
  return out;
}

/** The heirs' account of a deceased member (`POST /settlements/heirs`), entered before the settlement is paid to them. */
export function HeirsDialog({ row, onClose }: { row: SettlementRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useHeirsAccount();
  const [values, setValues] = useState<Record<Field, string>>({ accountHolder: '', iban: '', bic: '' });
  const refusal = save.error ? refusalOf(save.error) : {};
  const submit = () =>
    save.mutate(
      {
        memberId: row.memberId,
        accountHolder: values.accountHolder,
        iban: values.iban,
        bic: values.bic.trim() === '' ? null : values.bic,
      },
      {
        onSuccess: () => {
          notify('coop.settlements.heirsSaved', { type: 'success' });
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="settlement-heirs-title" data-testid="settlement-heirs-dialog">
      <DialogTitle id="settlement-heirs-title">{translate('coop.settlements.heirsTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('coop.settlements.heirsText', { name: settlementName(row) })}</DialogContentText>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={translate(`coop.settlements.heirsFields.${field}`)}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            required={field !== 'bic'}
            fullWidth
            margin="dense"
            error={!!refusal[field]}
            helperText={refusal[field] ?? ' '}
            slotProps={{ htmlInput: { maxLength: MAX[field], 'data-testid': `settlement-heirs-${field}` } }}
          />
        ))}
        {refusal.other ? (
          <Alert severity="error" data-testid="settlement-heirs-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('coop.settlements.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="settlement-heirs-save">
          {translate('coop.settlements.heirsSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
