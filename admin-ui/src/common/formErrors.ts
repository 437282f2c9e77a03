/**
 * The text of a form's notification when saving it is stopped by its own checks (a required field left empty, a
 * number not whole): the messages shown at the fields, each once, joined as a refusal of the server names them
 * (`data/validationErrors.ts`, "Darf nicht leer sein · …"), never react-admin's bare "The form is not valid"
 * (docs/console.md, issue 43). A message the server gave the form (`root.serverError`) is shown as it is.
 */

/** How react-admin's inputs store a validator's message in react-hook-form (`useInput`: a key, or {message, args}). */
const RA_PREFIX = '@@react-admin@@';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Message {
  readonly message: string;
  readonly args?: Record<string, unknown>;
}

function decode(raw: string): Message {
  if (!raw.startsWith(RA_PREFIX)) return { message: raw };
  try {
    const parsed = JSON.parse(raw.slice(RA_PREFIX.length)) as unknown;
    if (typeof parsed === 'string') return { message: parsed };
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Message).message === 'string') {
      const { message, args } = parsed as Message;
      return args ? { message, args } : { message };
    }
  } catch {
    // not react-admin's format after all: shown as it is
  }
  return { message: raw };
}

/** The messages of react-hook-form's errors (nested for `a.b` and array sources), in the fields' order, `root` left out. */
function collect(errors: unknown, into: string[], depth = 0): void {
  if (typeof errors !== 'object' || errors === null || depth > 8) return;
  const message = (errors as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') {
    into.push(message);
    return;
  }
  for (const [key, value] of Object.entries(errors)) {
    if (depth === 0 && key === 'root') continue;
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    collect(value, into, depth + 1);
  }
}

/**
 * The notification for a save the form's errors stopped, or null when there are none. `errors` is react-hook-form's
 * `formState.errors`.
 */
export function formErrorSummary(errors: unknown, translate: Translate): string | null {
  if (typeof errors !== 'object' || errors === null || Object.keys(errors).length === 0) return null;
  const serverError = (errors as { root?: { serverError?: { message?: unknown } } }).root?.serverError?.message;
  if (typeof serverError === 'string' && serverError !== '') return serverError;
  const raw: string[] = [];
  collect(errors, raw);
  const texts = [
    ...new Set(
      raw.map((r) => {
        const { message, args } = decode(r);
        return translate(message, { _: message, ...args });
      }),
    ),
  ];
  return texts.length > 0 ? texts.join(' · ') : translate('coop.errors.invalidForm');
}
