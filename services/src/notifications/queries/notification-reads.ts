import { Injectable, NotFoundException } from '@nestjs/common';
import {
  CHURCH_NAMING_PROBLEMS,
  fieldError,
  NotFoundError,
  type NotificationDto,
  type NotificationErrorDto,
  type ReadDocument,
  type ReadPage,
  type Sort,
} from '@coop/contracts';
import { NOTIFICATIONS } from '@coop/projections/notifications';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';

/** Newest first (SPEC.md 2: the dashboard's card shows the latest). */
const DEFAULT_SORT: readonly Sort[] = [{ field: 'time', direction: 'desc' }];

const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * A notification's parameters as answered. A KiStAM member error of a problem whose detail is church data answers
 * without it (CHURCH_NAMING_PROBLEMS): notifications raised before issue 38 carried the answer's church key, and every
 * role reads notifications.
 */
export function shownParameters(message: string, parameters: readonly string[]): string[] {
  const problem = parameters[1];
  const naming =
    message === 'kistamMemberError' &&
    problem !== undefined &&
    (CHURCH_NAMING_PROBLEMS as readonly string[]).includes(problem);
  return naming ? parameters.slice(0, 2) : [...parameters];
}

/** A notification's document as the API answers it; `memberNr` from the member's document (null without a member). */
export function toNotificationDto(doc: ReadDocument, memberNr: number | null): NotificationDto {
  return {
    id: doc.id,
    type: String(doc.type),
    time: String(doc.time),
    seen: doc.seen === 1,
    message: String(doc.message),
    parameters: shownParameters(
      String(doc.message),
      Array.isArray(doc.parameters) ? (doc.parameters as unknown[]).map(String) : [],
    ),
    entityClass: textOrNull(doc.entityClass),
    entityId: textOrNull(doc.entityId),
    errors: Array.isArray(doc.errors) ? (doc.errors as NotificationErrorDto[]) : [],
    member: textOrNull(doc.member),
    memberNr,
    html: textOrNull(doc.html),
    taskId: textOrNull(doc.taskId),
  };
}

/** The 404 of a notification that is not the cooperative's (or never was), naming the ids. */
export function notificationsNotFound(ids: readonly string[]): NotFoundException {
  return new NotFoundException({
    message: `Notification not found: ${ids.join(', ')}`,
    errors: ids.map((id) => fieldError(ids.length === 1 ? null : 'ids', 'notificationNotFound', id)),
  });
}

/** The notification centre's reads: always within the caller's cooperative. */
@Injectable()
export class NotificationReads {
  constructor(private readonly reads: ReadModels) {}

  async list(cooperativeId: string, params: ListParams): Promise<ReadPage<NotificationDto>> {
    const page = await this.reads.list(NOTIFICATIONS, cooperativeId, params, DEFAULT_SORT);
    return { items: await this.withMemberNumbers(cooperativeId, page.items), total: page.total };
  }

  async get(cooperativeId: string, id: string): Promise<NotificationDto> {
    try {
      const doc = await this.reads.get(NOTIFICATIONS, cooperativeId, id, 'Notification');
      return (await this.withMemberNumbers(cooperativeId, [doc]))[0]!;
    } catch (error) {
      throw error instanceof NotFoundError ? notificationsNotFound([id]) : error;
    }
  }

  /** These notifications of the cooperative, in the order of `ids` (unknown ids left out). */
  async many(cooperativeId: string, ids: readonly string[]): Promise<NotificationDto[]> {
    const found = await this.reads.getMany(NOTIFICATIONS, cooperativeId, ids);
    const docs = [...new Set(ids)].map((id) => found.get(id)).filter((d): d is ReadDocument => d !== undefined);
    return this.withMemberNumbers(cooperativeId, docs);
  }

  /** The member numbers of the notifications' members, looked up as they are now (no names are kept with a notification). */
  private async withMemberNumbers(cooperativeId: string, docs: readonly ReadDocument[]): Promise<NotificationDto[]> {
    const memberIds = docs.map((d) => d.member).filter((m): m is string => typeof m === 'string');
    const members =
      memberIds.length > 0
        ? await memberDocuments.getMany(this.reads, cooperativeId, memberIds)
        : new Map<string, MemberDocument>();
    return docs.map((doc) => {
      const member = typeof doc.member === 'string' ? members.get(doc.member) : undefined;
      return toNotificationDto(doc, member?.memberNr ?? null);
    });
  }
}
