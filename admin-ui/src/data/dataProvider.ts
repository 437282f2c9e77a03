import type { Option } from '@coop/contracts/console';
import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { api } from '../session/api';
import { apiFieldErrors, toFormValidationError } from './validationErrors';
import { i18nProvider } from '../i18n/i18nProvider';
import { apiWarnings, askToConfirm } from '../common/warnings';
import { listQuery } from './listQuery';
import { writableBody } from './writableFields';
import { idempotencyHeaders } from './idempotency';

/** A choice of an options lookup (`GET /{resource}/options`). */
export interface OptionChoice {
  readonly id: string;
  readonly name: string;
}

const enc = encodeURIComponent;

async function getList<T extends RaRecord>(
  resource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>,
) {
  const meta = params.meta as { thenBy?: unknown; params?: unknown } | undefined;
  const thenBy = Array.isArray(meta?.thenBy) ? (meta.thenBy as string[]) : [];
  const extra = meta?.params && typeof meta.params === 'object' ? (meta.params as Record<string, string>) : {};
  const res = await api<T[] | null>(`/${resource}?${listQuery(params, thenBy, extra)}`);
  const data = res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
  const totalHeader = res.headers.get('TotalItems');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : data.length;
  return { data, total };
}

/**
 * A write the server refused because the session has ended (401) fails with a message saying that nothing was saved and
 * a mark (`notSaved`) the auth provider reads: react-admin's sign-out on a 401 answers the write with an empty record,
 * which the forms took for saved ("Mitglied gespeichert") while nothing was (authProvider.checkError).
 */
function notSavedWhenSignedOut(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status !== 401) return error;
  const body = error.body && typeof error.body === 'object' ? (error.body as object) : {};
  return new HttpError(i18nProvider.translate('coop.login.notSaved'), 401, { ...body, notSaved: true });
}

/**
 * Validation failures become form errors; plausibility warnings (409 `{warnings}`) are put to the clerk and the write
 * sent again confirmed (`confirmWarnings: true`), or refused as not saved; every other failure passes through with the
 * server's message. `call` sends the write, with `extra` fields added to its body.
 */
async function write<T>(resource: string, call: (extra?: Record<string, unknown>) => Promise<T>): Promise<T> {
  try {
    try {
      return await call();
    } catch (error) {
      const warnings = apiWarnings(error);
      if (!warnings) throw error;
      if (!(await askToConfirm({ resource, warnings })))
        throw new HttpError(i18nProvider.translate('coop.warnings.notSaved'), 409, {});
      return await call({ confirmWarnings: true });
    }
  } catch (error) {
    const fieldErrors = apiFieldErrors(error);
    if (fieldErrors) throw toFormValidationError(resource, fieldErrors);
    throw notSavedWhenSignedOut(error);
  }
}

/** The data provider of the console, speaking the API conventions of docs/api.md. */
export const dataProvider: DataProvider = {
  getList: (resource, params) => getList(resource, params),

  async getOne(resource, params) {
    const res = await api<RaRecord>(`/${resource}/${enc(String(params.id))}`);
    return { data: res.body as never };
  },

  async getMany(resource, params) {
    if (params.ids.length === 0) return { data: [] };
    const ids = params.ids.map(String).join(';');
    const { data } = await getList(resource, { pagination: { page: 1, perPage: 1000 }, filter: { id: ids } });
    return { data: data as never[] };
  },

  async getManyReference(resource, params) {
    const filter = { ...(params.filter as Record<string, unknown>), [params.target]: params.id };
    const result = await getList(resource, { pagination: params.pagination, sort: params.sort, filter });
    return { data: result.data as never[], total: result.total };
  },

  create: (resource, params) =>
    write(resource, async (extra) => {
      const res = await api<RaRecord>(`/${resource}`, {
        method: 'POST',
        // A form's key (decision 297): the same request sent again, also after the warnings' confirmation, records once.
        headers: idempotencyHeaders(params.meta),
        body: JSON.stringify({ ...writableBody(resource, params.data as Record<string, unknown>), ...extra }),
      });
      return { data: res.body as never };
    }),

  update: (resource, params) =>
    write(resource, async (extra) => {
      const res = await api<RaRecord>(`/${resource}/${enc(String(params.id))}`, {
        method: 'PUT',
        body: JSON.stringify({ ...writableBody(resource, params.data as Record<string, unknown>), ...extra }),
      });
      return { data: res.body as never };
    }),

  async updateMany(resource, params) {
    const ids: Identifier[] = [];
    for (const id of params.ids) {
      await dataProvider.update(resource, { id, data: params.data, previousData: { id } });
      ids.push(id);
    }
    return { data: ids };
  },

  async delete(resource, params) {
    await api(`/${resource}/${enc(String(params.id))}`, { method: 'DELETE' }).catch((error: unknown) => {
      throw notSavedWhenSignedOut(error);
    });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    const ids: Identifier[] = [];
    for (const id of params.ids) {
      await api(`/${resource}/${enc(String(id))}`, { method: 'DELETE' }).catch((error: unknown) => {
        throw notSavedWhenSignedOut(error);
      });
      ids.push(id);
    }
    return { data: ids };
  },
};

/** Options for a dropdown: `GET /{resource}/options?attribute=…&search=…` answers `[{key, value}]`. */
export async function fetchOptions(resource: string, attribute: string, search = ''): Promise<OptionChoice[]> {
  const query = new URLSearchParams({ attribute });
  if (search) query.set('search', search);
  const res = await api<Option[] | null>(`/${resource}/options?${query.toString()}`);
  if (res.status === 204 || !Array.isArray(res.body)) return [];
  return res.body.map((o) => ({ id: String(o.key), name: String(o.value) }));
}

/** An option list asked for before its screen renders, and its value once it has arrived. */
interface PreloadedOptions {
  readonly promise: Promise<OptionChoice[]>;
  value?: OptionChoice[];
}

/** Option lists asked for before their screen renders (see `preloadOptions`), by resource and attribute. */
const preloaded = new Map<string, PreloadedOptions>();

/**
 * Starts `fetchOptions(resource, attribute)` now (`main.tsx`, for the opened screen), so the screen's form can
 * render with its options at once instead of asking for them after it rendered and rendering again.
 */
export function preloadOptions(resource: string, attribute: string): void {
  const key = `${resource} ${attribute}`;
  if (preloaded.has(key)) return;
  const entry: PreloadedOptions = { promise: fetchOptions(resource, attribute) };
  entry.promise.then(
    (value) => (entry.value = value),
    () => undefined, // reported by the form that takes the entry
  );
  preloaded.set(key, entry);
}

/** The preloaded options (once: a later form asks again), with their value if they have arrived. */
export function takePreloadedOptions(resource: string, attribute: string): Readonly<PreloadedOptions> | undefined {
  const key = `${resource} ${attribute}`;
  const entry = preloaded.get(key);
  preloaded.delete(key);
  return entry;
}

export { HttpError };
