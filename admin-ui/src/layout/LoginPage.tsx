import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { safeRedirect } from '../session/session';
import { BottomBar } from './BottomBar';
import { DocumentTitle } from './DocumentTitle';
import { TopBar } from './TopBar';

/** Sign in (SPEC 2, Login): Enter or the button submits; the server's message on failure; then the `redirect` target. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await login({ username, password }, safeRedirect(params.get('redirect')));
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'coop.login.failed';
      setError(translate(message, { _: message }));
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <DocumentTitle />
      <TopBar />
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 400 }} component="section" aria-labelledby="login-title">
          <Box
            sx={{
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              px: 3,
              py: 2.5,
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
            }}
          >
            <AccountBalanceIcon />
            <Box>
              <Typography variant="h6" component="div" sx={{ lineHeight: 1.2 }}>
                {translate('coop.app.name')}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {translate('coop.app.tagline')}
              </Typography>
            </Box>
          </Box>
          <CardContent sx={{ p: 3 }}>
            <Typography id="login-title" variant="h5" component="h1" sx={{ mb: 2 }}>
              {translate('coop.login.title')}
            </Typography>
            <form onSubmit={submit} noValidate aria-label={translate('coop.login.title')}>
              {error ? (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextField
                label={translate('coop.login.username')}
                name="username"
                autoComplete="username"
                autoFocus
                fullWidth
                margin="normal"
                size="medium"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'login-username' } }}
              />
              <TextField
                label={translate('coop.login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                fullWidth
                margin="normal"
                size="medium"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={busy}
                sx={{ mt: 2 }}
                data-testid="login-submit"
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate('coop.login.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </Box>
      <BottomBar />
    </Box>
  );
}
