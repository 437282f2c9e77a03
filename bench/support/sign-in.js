// Signing in to the API a bench started (benchEnv's admin, or a clerk made for the run), answering the bearer token.
import { randomBytes } from 'node:crypto';

/** Signs in as `username` (the bench's admin unless named) and answers the token. */
export async function signIn(url, username = 'admin', password = 'bench-Kennwort-2026') {
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200)
    throw new Error(`Sign-in${username === 'admin' ? '' : ` of ${username}`} failed: ${login.status}`);
  return (await login.json()).token;
}

/** Creates a clerk (ROLE_USER, ROLE_ADMIN) of the admin's cooperative and answers the clerk's token. */
export async function signedInClerk(url, adminAuth, username) {
  const password = `Kennwort-${randomBytes(6).toString('hex')}`;
  const created = await fetch(`${url}/api/v1/users`, {
    method: 'POST',
    headers: { ...adminAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, passwordRepeat: password, roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
  });
  if (created.status !== 201)
    throw new Error(`Creating the user ${username} failed: ${created.status} ${await created.text()}`);
  return signIn(url, username, password);
}
