/**
 * The sign-in page's module (MUI's card, text fields and alert): not in the shell, which a signed-in clerk's first load
 * evaluates without it (issue 43). Signed out, `early.ts` starts it before the shell's modules run, so that it has
 * arrived when the shell first renders the sign-in form.
 */
export const loadLoginPage = () => import('./LoginPage');
