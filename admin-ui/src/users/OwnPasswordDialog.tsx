import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { api } from '../session/api';
import { useSession } from '../session/session';

type Field = 'current' | 'password' | 'passwordRepeat';

/**
 * The signed-in user changes the own password (`PUT /users/me/password`, ROLE_CHANGE_OWN_PASSWORD; issue 22): the
 * current password, checked by signing in with it (the API's change takes only the new one, typed twice), then the
 * new one twice. The server's rules and messages are shown at their fields. Opened from the top bar.
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
      if (values.current === '') {
        setErrors({ current: translate('coop.validation.mustNotBeEmpty') });
        return;
      }
      const signIn = await api('/login', { method: 'POST', body: JSON.stringify({ username: session.username, password: values.current }) }).catch((error: unknown) => error);
      if (signIn instanceof HttpError) {
        if (signIn.status === 401 || signIn.status === 400) setErrors({ current: translate('coop.password.wrongCurrent') });
        else setGeneral(signIn.message);
        return;
      }
      await api('/users/me/password', { method: 'PUT', body: JSON.stringify({ password: values.password, passwordRepeat: values.passwordRepeat }) });
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
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby="own-password-title" data-testid="own-password-dialog" maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="own-password-title">{translate('coop.password.title')}</DialogTitle>
        <DialogContent>
          {general ? <Alert severity="error" sx={{ mb: 1 }}>{general}</Alert> : null}
          {field('current', translate('coop.password.current'), 'current-password')}
          {field('password', translate('coop.password.new'), 'new-password')}
          {field('passwordRepeat', translate('coop.password.repeat'), 'new-password')}
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
