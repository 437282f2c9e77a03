/** What a write did, as the form knows it. */
export type WriteAction = 'created' | 'updated';

/** A translation key and its arguments, for `notify(key, { messageArgs })`. */
export interface Notice {
  readonly key: string;
  readonly args: Readonly<Record<string, string | number>>;
}

type Answer = Readonly<Record<string, unknown>>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.abs(v) : 0);

/** The posting types whose notice names a number of shares (subscribed, paid out, transferred). */
const COUNTED_POSTINGS = new Set([1, 2, 3]);
/** The posting types the console posts (SPEC 2; 0 is made with the member, 4 is the other half of 3). */
const POSTINGS = new Set([1, 2, 3, 5, 6, 7, 8]);

/**
 * The notice after a successful write: what happened, named from the API's answer ("Mitglied 302 angelegt",
 * "3 Anteile gezeichnet", "Freistellungsauftrag gespeichert"), in place of react-admin's "Element angelegt".
 * Keys under `coop.notify`; a resource without its own notice falls back to react-admin's general one.
 */
export function successNotice(resource: string, action: WriteAction, answer: Answer): Notice {
  switch (resource) {
    case 'members':
      return {
        key: `coop.notify.members.${action}`,
        args: { nr: text(answer.memberNr), name: [answer.name, answer.givenName].filter(Boolean).join(', ') },
      };
    case 'balances': {
      const type = Number(answer.type);
      if (action !== 'created' || !POSTINGS.has(type)) break;
      const args = { nr: text(answer.memberNr), to: text(answer.transferMemberNr) };
      return {
        key: `coop.notify.balances.${type}`,
        args: COUNTED_POSTINGS.has(type) ? { ...args, smart_count: count(answer.quantity) } : args,
      };
    }
    case 'shares':
      return { key: 'coop.notify.shares.updated', args: { nr: text(answer.memberNr) } };
    case 'exemptionorders':
    case 'nonassessments':
      return { key: `coop.notify.${resource}.${action}`, args: { nr: text(answer.memberNr) } };
    case 'users':
      return { key: `coop.notify.users.${action}`, args: { name: text(answer.username) } };
    case 'elmanumbers':
      return { key: `coop.notify.elmanumbers.${action}`, args: { number: text(answer.elmaNumber) } };
    case 'cooperatives':
      return { key: 'coop.notify.cooperatives.updated', args: { name: text(answer.name) } };
  }
  return { key: `ra.notification.${action}`, args: { smart_count: 1 } };
}
