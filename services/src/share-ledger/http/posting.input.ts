import { isBlank, memberFieldError, type FieldError } from '@coop/contracts';
import { postingDateErrors, quantityErrors } from '../domain/posting-rules.js';
import { asBody, integer, type Body as RequestBody } from '../../platform/http/body.js';

/**
 * The HTTP edge of a posting (SPEC.md section 5 "Balance"): the request read from the body, and which fields a
 * request of each type needs. The deciders take the typed commands made from it.
 */

/** A posting request as the API receives it, before it is routed to a command. */
export interface PostingRequest {
  readonly member: string | null | undefined;
  readonly type: number | null | undefined;
  readonly quantity?: number | null;
  readonly date?: string | null;
  readonly approvalDate?: string | null;
  readonly interestBegin?: string | null;
  readonly transferTo?: string | null;
  readonly annulPeer?: string | null;
}

/**
 * The shape rules of a posting request, checked before it is routed: type 1-8 (0 only comes with
 * the admission); member, date, approval date and interest begin for every type but 5; a whole
 * quantity of at least 1 for 1-4; `transferTo` required for 3 and 4 and not the member itself,
 * empty for the others; `annulPeer` required for 5 and empty for the others. The deciders check
 * the same again (and everything that needs the member's state).
 */
export function postingRequestErrors(request: PostingRequest): FieldError[] {
  const errors: FieldError[] = [];
  const type = request.type;
  if (type === null || type === undefined) return [memberFieldError('type', 'mustNotBeEmpty')];
  if (!Number.isInteger(type) || type < 1 || type > 8) return [memberFieldError('type', 'invalidChoice', String(type))];
  if (type !== 5) {
    if (isBlank(request.member)) errors.push(memberFieldError('member', 'mustNotBeEmpty'));
    errors.push(...postingDateErrors(request));
  }
  if (type >= 1 && type <= 4) errors.push(...quantityErrors(request.quantity));
  if (type === 3 || type === 4) {
    if (isBlank(request.transferTo)) errors.push(memberFieldError('transferTo', 'selectTarget'));
    else if (request.transferTo!.trim() === request.member?.trim()) errors.push(memberFieldError('transferTo', 'canNotTransferToSelf'));
  } else if (!isBlank(request.transferTo)) {
    errors.push(memberFieldError('transferTo', 'mustBeEmpty'));
  }
  if (type === 5 && isBlank(request.annulPeer)) errors.push(memberFieldError('annulPeer', 'mustNotBeEmpty'));
  if (type !== 5 && !isBlank(request.annulPeer)) errors.push(memberFieldError('annulPeer', 'mustBeEmpty'));
  return errors;
}

export const postingSchema = {
  type: 'object',
  properties: Object.fromEntries(['member', 'type', 'quantity', 'date', 'approvalDate', 'interestBegin', 'transferTo', 'annulPeer'].map((f) => [f, {}])),
} as const;

function optionalText(body: RequestBody, field: string): string | null {
  const v = body[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

function optionalInteger(body: RequestBody, field: string): number | null {
  const v = body[field];
  return v === undefined || v === null || v === '' ? null : integer(body, field);
}

/** Reads a posting request from the body, without trusting its shape (its rules: postingRequestErrors). */
export function postingRequest(raw: unknown): PostingRequest {
  const b = asBody(raw);
  return {
    member: optionalText(b, 'member'),
    type: optionalInteger(b, 'type'),
    quantity: optionalInteger(b, 'quantity'),
    date: optionalText(b, 'date'),
    approvalDate: optionalText(b, 'approvalDate'),
    interestBegin: optionalText(b, 'interestBegin'),
    transferTo: optionalText(b, 'transferTo'),
    annulPeer: optionalText(b, 'annulPeer'),
  };
}
