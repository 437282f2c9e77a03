import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { Icon, Spinner } from '../plain/icons';
import { OutlinedField } from '../plain/OutlinedField';
import { safeRedirect } from '../session/session';
import { BottomBar } from './BottomBar';
import { DocumentTitle } from './DocumentTitle';
import { TopBar } from './TopBar';
import './login.css';

/**
 * Sign in (SPEC 2, Login): Enter or the button submits; the server's message on failure; then the `redirect` target.
 * Plain elements styled by `login.css` and `plain/plain.css` (decision 26), as the bars are: the page is part of the
 * shell, which a signed-in clerk's first load then evaluates without MUI's text fields, card and alert (issue 43).
 */
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

  const usernameLabel = translate('coop.login.username');
  const passwordLabel = translate('coop.login.password');
  return (
    <div className="cl-login-page">
      <DocumentTitle />
      <TopBar />
      <main className="cl-login-main">
        <section className="cl-card cl-login-card" aria-labelledby="login-title">
          <div className="cl-login-brand">
            <Icon name="accountBalance" />
            <div>
              <div className="cl-login-name">{translate('coop.app.name')}</div>
              <div className="cl-login-tagline">{translate('coop.app.tagline')}</div>
            </div>
          </div>
          <div className="cl-login-body">
            <h1 id="login-title" className="cl-login-title">
              {translate('coop.login.title')}
            </h1>
            <form onSubmit={submit} noValidate aria-label={translate('coop.login.title')}>
              {error ? (
                <div className="cl-login-error" data-testid="login-error" role="alert">
                  <Icon name="errorOutline" />
                  <div className="cl-login-error-text">{error}</div>
                </div>
              ) : null}
              <OutlinedField id="login-username" label={usernameLabel} className="cl-login-field">
                <input
                  id="login-username"
                  className="cl-field-input"
                  name="username"
                  autoComplete="username"
                  autoFocus
                  placeholder=" "
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  data-testid="login-username"
                />
              </OutlinedField>
              <OutlinedField id="login-password" label={passwordLabel} className="cl-login-field">
                <input
                  id="login-password"
                  className="cl-field-input"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  placeholder=" "
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  data-testid="login-password"
                />
              </OutlinedField>
              <button
                type="submit"
                className="cl-btn cl-btn-contained cl-login-submit"
                disabled={busy}
                data-testid="login-submit"
              >
                {busy ? (
                  <span className="cl-btn-start" aria-hidden="true">
                    <Spinner size={18} inherit />
                  </span>
                ) : null}
                {translate('coop.login.submit')}
              </button>
            </form>
          </div>
        </section>
      </main>
      <BottomBar />
    </div>
  );
}
