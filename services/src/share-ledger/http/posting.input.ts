import { isBlank, memberFieldError, ValidationError, type FieldError } from '@coop/contracts';
import { isIsoDate } from '../../kernel/business-date.js';
import { isWholeAtLeastOne } from '../../kernel/share-terms.js';
import { asBody, integer, type Body as RequestBody } from '../../platform/http/body.js';

/**
 * The HTTP edge of a posting (SPEC.md section 5 "Balance"): the request read from the body, the shape rules of each
 * type, and the typed posting the handler routes to the ledger's commands. A request class with class-validator can
 * replace this file; the rules that need the member's account stay in the ledger decider.
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
 * empty for the others; `annulPeer` required for 5 and empty for the others. Everything that needs the
 * member's account is the ledger decider's.
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

/** The three business dates of a posting, each a calendar date `YYYY-MM-DD`. */
export interface PostingDateValues {
  readonly date: string;
  readonly approvalDate: string;
  readonly interestBegin: string;
}

/**
 * A posting request of the right shape, by type: additional shares (1) and withdrawals (2) with a quantity, the
 * exits (6, 7, 8) taking the whole holding, a transfer (3) with its target, an annulation (5) naming the posting it
 * reverses (its dates optional: it is dated today by default, and its date is checked against the original's).
 */
export type Posting =
  | ({ readonly type: 1 | 2; readonly member: string; readonly quantity: number } & PostingDateValues)
  | ({ readonly type: 6 | 7 | 8; readonly member: string } & PostingDateValues)
  | ({ readonly type: 3; readonly member: string; readonly quantity: number; readonly transferTo: string } & PostingDateValues)
  | { readonly type: 5; readonly annulPeer: string; readonly date?: string; readonly approvalDate?: string; readonly interestBegin?: string };

/**
 * The typed posting of a request, or a ValidationError: 0 only comes with the admission and 4 only as the other half
 * of a transfer (invalidChoice), then the shape rules (postingRequestErrors). Member, target and annulled posting are
 * trimmed.
 */
export function readPosting(request: PostingRequest): Posting {
  const type = request.type;
  if (type === 0 || type === 4) throw new ValidationError([memberFieldError('type', 'invalidChoice', String(type))]);
  const errors = postingRequestErrors(request);
  if (errors.length > 0) throw new ValidationError(errors);
  if (type === 5) {
    return {
      type,
      annulPeer: request.annulPeer!.trim(),
      ...(request.date ? { date: request.date } : {}),
      ...(request.approvalDate ? { approvalDate: request.approvalDate } : {}),
      ...(request.interestBegin ? { interestBegin: request.interestBegin } : {}),
    };
  }
  const base = { member: request.member!.trim(), date: request.date!, approvalDate: request.approvalDate!, interestBegin: request.interestBegin! };
  if (type === 1 || type === 2) return { ...base, type, quantity: request.quantity! };
  if (type === 3) return { ...base, type, quantity: request.quantity!, transferTo: request.transferTo!.trim() };
  if (type === 6 || type === 7 || type === 8) return { ...base, type };
  throw new ValidationError([memberFieldError('type', 'invalidChoice', String(type))]);
}

/** Date, approval date and interest begin: each required, each a calendar date. */
export function postingDateErrors(dates: { readonly date?: string | null; readonly approvalDate?: string | null; readonly interestBegin?: string | null }): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['date', 'approvalDate', 'interestBegin'] as const) {
    const v = dates[field];
    if (isBlank(v)) errors.push(memberFieldError(field, 'mustNotBeEmpty'));
    else if (!isIsoDate(v!)) errors.push(memberFieldError(field, 'invalidDate', v!));
  }
  return errors;
}

/** SPEC: quantity is a whole number of at least 1 (invalidNumber). */
export function quantityErrors(quantity: number | null | undefined): FieldError[] {
  if (quantity === null || quantity === undefined) return [memberFieldError('quantity', 'mustNotBeEmpty')];
  return isWholeAtLeastOne(quantity) ? [] : [memberFieldError('quantity', 'invalidNumber')];
}
