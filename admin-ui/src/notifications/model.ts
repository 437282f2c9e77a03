import {
  allows,
  NOTIFICATION_ENTITY_CLASSES,
  NOTIFICATION_MESSAGES,
  TASK_KINDS,
  type NotificationDto,
  type NotificationEntityClass,
} from '@coop/contracts/console';
import { formatDate } from '../format';

/** A notification as the API answers it (contracts `NotificationDto`). */
export type NotificationRecord = NotificationDto;

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isEntityClass = (value: string | null | undefined): value is NotificationEntityClass =>
  (NOTIFICATION_ENTITY_CLASSES as readonly string[]).includes(value ?? '');

/**
 * The console's page for a record a notification (or one of its errors) points at (SPEC 2: the edit page of the
 * member, exemption order, non-assessment or cooperative; a task's list; a closure). Null without an id where one is needed.
 */
export function entityPath(entityClass: string | null | undefined, entityId: string | null | undefined): string | null {
  if (!isEntityClass(entityClass)) return null;
  const id = entityId ? encodeURIComponent(entityId) : '';
  switch (entityClass) {
    case 'member':
      return id ? `/members/${id}` : null;
    case 'exemptionOrder':
      return id ? `/exemption-orders/${id}` : null;
    case 'nonAssessment':
      return id ? `/non-assessment/${id}` : null;
    case 'cooperative':
      return '/cooperative';
    case 'task':
      return '/tasks';
    case 'dividend':
      return id ? `/dividend/closures/${id}` : null;
    case 'settlements':
      return id ? `/settlements?year=${id}` : '/settlements';
  }
}

/** A template's text (`coop.validation.<template>`), the template itself where the console has none. */
export function templateText(translate: Translate, template: string, parameters: readonly string[] = []): string {
  const key = `coop.validation.${template}`;
  const text = translate(key, { ...numbered(parameters), _: template });
  return text === key ? template : text;
}

const numbered = (parameters: readonly string[]): Record<string, string> =>
  Object.fromEntries(parameters.map((p, i) => [String(i), ISO_DATE.test(p) ? formatDate(p) : p]));

/** A KiStAM problem's text (`coop.kistam.problems.<problem>`, {2} its detail), else the template's text. */
export function problemText(translate: Translate, problem: string, parameters: readonly string[]): string {
  const key = `coop.kistam.problems.${problem}`;
  const text = translate(key, { ...numbered(parameters), _: key });
  return text === key ? templateText(translate, problem, parameters) : text;
}

/** A task kind's name (`kistam` → "KiStAM"), the code where unknown. */
export function kindName(translate: Translate, kind: string): string {
  return (TASK_KINDS as readonly string[]).includes(kind) ? translate(`coop.tasks.kinds.${kind}`) : kind;
}

/**
 * The headline of a notification (SPEC 8) in the clerk's language: the message's text with its numbered parameters,
 * a task kind named, a template parameter (a rejection's reason, a KiStAM member's problem) translated.
 */
export function headline(
  translate: Translate,
  n: Pick<NotificationRecord, 'message' | 'parameters' | 'memberNr'>,
): string {
  if (!(NOTIFICATION_MESSAGES as readonly string[]).includes(n.message)) return n.message;
  const p = [...n.parameters];
  switch (n.message) {
    case 'taskStarted':
    case 'taskCompleted':
    case 'taskFailed':
      p[0] = kindName(translate, p[0] ?? '');
      break;
    case 'taskRejected':
      p[0] = kindName(translate, p[0] ?? '');
      p[1] = templateText(translate, p[1] ?? '', p.slice(2));
      break;
    case 'kistamMemberError':
      // [member number, problem, detail]: the problem's text may name the detail ({2}).
      p[1] = problemText(translate, p[1] ?? '', [p[0] ?? String(n.memberNr ?? ''), p[1] ?? '', p[2] ?? '']);
      break;
    case 'kistamGenericError':
      // [problem, line of the answer file, detail].
      p[0] = `${problemText(translate, p[0] ?? '', p)}${p[1] ? ` (${translate('coop.kistam.line', { line: p[1] })})` : ''}`;
      break;
    case 'validationFailed':
      p[0] = isEntityClass(p[0]) ? translate(`coop.notifications.records.${p[0]}`) : (p[0] ?? '');
      break;
    default:
      break;
  }
  // A count first (the request file's members, the settlements due by a deadline) chooses the singular or plural form.
  const count =
    n.message === 'kistamRequestReady' ||
    n.message === 'kistamMembersNotQueried' ||
    n.message === 'settlementDeadlineNear'
      ? Number(p[0])
      : Number.NaN;
  return translate(`coop.notifications.messages.${n.message}`, {
    ...numbered(p),
    ...(Number.isFinite(count) ? { smart_count: count } : {}),
  });
}

/** The list's query: newest first, only unseen ones unless the seen are shown too (SPEC 7: `filter=seen:0`). */
export function notificationsQuery(page: number, perPage: number, showSeen: boolean): string {
  const q = new URLSearchParams({ offset: String((page - 1) * perPage), limit: String(perPage) });
  if (!showSeen) q.set('filter', 'seen:0');
  return `/notifications?${q.toString()}`;
}

/** The unread count's request: the count is the answer's `TotalItems`. */
export const UNREAD_COUNT_QUERY = '/notifications?filter=seen:0&limit=1';

/** The react-admin resource whose field labels (`resources.<name>.fields.*`) name a field error's field. */
export const FIELD_LABEL_RESOURCE: Readonly<Record<NotificationEntityClass, string | null>> = {
  member: 'members',
  exemptionOrder: 'exemptionorders',
  nonAssessment: 'nonassessments',
  cooperative: 'cooperatives',
  task: null,
  dividend: null,
  settlements: null,
};

/** A field error's field label where the console knows it, else the field's name. */
export function fieldLabel(translate: Translate, entityClass: string | null | undefined, field: string): string {
  const resource = isEntityClass(entityClass) ? FIELD_LABEL_RESOURCE[entityClass] : null;
  return resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field;
}

/**
 * The roles of the cooperative's staff, who read its notifications and tasks (`notifications:read`, `tasks:read` of the
 * one matrix, contracts/src/permissions.ts): a user holding only user-administration roles gets neither the bell nor the task indicator.
 */
export function readsNotifications(roles: readonly string[] | undefined): boolean {
  return allows(roles, 'notifications:read');
}

/** The unread count as the bell shows it: at most "99+". */
export function unreadShown(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell's accessible name: it holds the text the bell shows (issue 43, axe `label-content-name-mismatch`: "99+ unread
 * notifications", not "101 unread notifications" beside a visible "99+").
 */
export function bellLabel(translate: Translate, count: number | undefined): string {
  if (count === undefined) return translate('coop.notifications.link');
  return count > 99
    ? translate('coop.notifications.unreadMany', { shown: unreadShown(count) })
    : translate('coop.notifications.unread', { smart_count: count });
}
