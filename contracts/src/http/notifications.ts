import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { NOTIFICATION_ENTITY_CLASSES, NOTIFICATION_TYPES } from '../events/notification-events.js';
import { ListOf, MaxText, rule } from './rules.js';
import { TEXT_MAX } from '../limits.js';

/*
 * Notifications (issue 24; SPEC.md 2, 3 "Notification", 7 `notifications/mark-seen`, 8). Routes in
 * services/src/notifications: `GET /notifications` (list conventions: offset, limit, filter `seen:0|1`, `type`;
 * newest first), `GET /notifications/{id}`, `POST /notifications/mark-seen` `{ids: [...]}` → the notifications.
 */

export class NotificationErrorDto {
  @IsOptional() @IsString() readonly field!: string | null;
  @IsString() readonly template!: string;
  @IsString({ each: true }) readonly parameters!: readonly string[];
  @IsOptional() @IsIn(NOTIFICATION_ENTITY_CLASSES) readonly entityClass!: string | null;
  @IsOptional() @IsString() readonly entityId!: string | null;
}

export class NotificationDto {
  @IsString() readonly id!: string;
  @IsIn(NOTIFICATION_TYPES) readonly type!: string;
  /** UTC ISO 8601. */
  @IsString() readonly time!: string;
  @IsBoolean() readonly seen!: boolean;
  @IsString() readonly message!: string;
  @IsString({ each: true }) readonly parameters!: readonly string[];
  @IsOptional() @IsIn(NOTIFICATION_ENTITY_CLASSES) readonly entityClass!: string | null;
  @IsOptional() @IsString() readonly entityId!: string | null;
  @ListOf(() => NotificationErrorDto) readonly errors!: readonly NotificationErrorDto[];
  @IsOptional() @IsString() readonly member!: string | null;
  /** The member's number, for the link text of a KiStAM error (null otherwise). */
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsOptional() @IsString() readonly html!: string | null;
  @IsOptional() @IsString() readonly taskId!: string | null;
}

/**
 * `POST /notifications/mark-seen`: `{ids: [...]}`, or the bare list of ids as SPEC.md 7 words it (`bareListField`, read
 * by the API's validation pipe; issue 43).
 */
export class MarkSeenRequest {
  static readonly bareListField = 'ids';

  @IsArray(rule('invalidChoice'))
  @ArrayMaxSize(1000, rule('mustBeAtMost', '1000'))
  @IsString({ each: true, ...rule('invalidChoice') })
  @MaxText(TEXT_MAX.id, true)
  readonly ids: string[] = [];
}
