import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '@coop/contracts/console';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { api } from '../session/api';
import { useSession } from '../session/session';

type Field = 'current' | 'password' | 'passwordRepeat';

/**
 * The signed-in user changes the own password (`PUT /users/me/password`, ROLE_CHANGE_OWN_PASSWORD; issues 22, 38): the
 * current password (`currentPassword`, checked by the server) and the new one twice. The password rule is shown; the
 * server's refusals appear at their fields. Opened from the top bar.
 */
export default function OwnPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password: '', passwordRepeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValues({ current: '', password: '', passwordRepeat: '' });
    setErrors({});
    setGeneral(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const body = {
        currentPassword: values.current,
        password: values.password,
        passwordRepeat: values.passwordRepeat,
      };
      await api('/users/me/password', { method: 'PUT', body: JSON.stringify(body) });
      notify('coop.password.changed', { type: 'success' });
      close();
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (!fieldErrors) {
        setGeneral(error instanceof Error ? translate(error.message, { _: error.message }) : String(error));
        return;
      }
      const next: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const e of fieldErrors) {
        if (e.field === 'password' || e.field === 'passwordRepeat') next[e.field] = validationMessage(e);
        else if (e.field === 'currentPassword') next.current = validationMessage(e);
        else rest.push(validationMessage(e));
      }
      setErrors(next);
      if (rest.length > 0) setGeneral(rest.join(' · '));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? ' '}
      autoComplete={autoComplete}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': `own-password-${name}` } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby="own-password-title"
      data-testid="own-password-dialog"
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="own-password-title">{translate('coop.password.title')}</DialogTitle>
        <DialogContent>
          {general ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {general}
            </Alert>
          ) : null}
          {field('current', translate('coop.password.current'), 'current-password')}
          {field('password', translate('coop.password.new'), 'new-password')}
          {field('passwordRepeat', translate('coop.password.repeat'), 'new-password')}
          <Alert severity="info" data-testid="own-password-rule">
            {translate('coop.users.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={busy} color="inherit" data-testid="own-password-cancel">
            {translate('coop.edit.cancel')}
          </Button>
          <Button type="submit" disabled={busy} variant="contained" data-testid="own-password-save">
            {translate('coop.edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
