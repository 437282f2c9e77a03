import {
  DAY_COUNTS,
  DIVIDEND_METHODS,
  ROUNDING_MODES,
  DEFAULT_NOTICE_PERIOD_MONTHS,
  fieldError,
  INTEREST_BEGIN_RULES,
  isBlank,
  MAX_NOTICE_PERIOD_MONTHS,
  MIN_NOTICE_PERIOD_MONTHS,
  MAX_RETENTION_YEARS,
  MIN_RETENTION_YEARS,
  MAX_SESSION_IDLE_MINUTES,
  MIN_SESSION_IDLE_MINUTES,
  isValidBic,
  isValidEmail,
  isValidIban,
  isValidTaxNumber,
  isValidUrl,
  NotFoundError,
  TAX_OFFICE_MAX,
  SHARE_PRICE_MAX_CENTS,
  ValidationError,
  type CooperativeEvent,
  type CooperativeFields,
  type Decider,
  type FieldError,
} from '@coop/contracts';

export interface CooperativeState {
  readonly exists: boolean;
  readonly fields: Partial<CooperativeFields>;
}

export type CooperativeCommand =
  /** `bootstrap`: the first start registers the cooperative by name only; the clerk completes it later. */
  | { type: 'RegisterCooperative'; cooperativeId: string; fields: Partial<CooperativeFields>; bootstrap: boolean }
  | { type: 'UpdateCooperative'; cooperativeId: string; fields: CooperativeFields };

const TEXT_FIELDS = ['name', 'fullName', 'address', 'zip', 'city', 'email', 'contactPerson', 'url', 'taxId', 'bankname', 'iban', 'bic'] as const;

export const cooperativeDecider: Decider<CooperativeCommand, CooperativeEvent, CooperativeState> = {
  initialState: () => ({ exists: false, fields: {} }),
  evolve(state, event) {
    if (event.type === 'CooperativeRegistered') {
      const { cooperativeId: _id, ...fields } = event.data;
      return { exists: true, fields: { minimumShares: 1, noticePeriodMonths: DEFAULT_NOTICE_PERIOD_MONTHS, ...fields } };
    }
    return { ...state, fields: { ...state.fields, ...event.data.changes } };
  },
  decide(command, state) {
    if (command.type === 'RegisterCooperative') {
      if (state.exists) throw new ValidationError([fieldError(null, 'invalidChoice', command.cooperativeId)]);
      const fields = normalise(command.fields);
      const errors = command.bootstrap
        ? isBlank(fields.name) ? [fieldError('name', 'mustNotBeEmpty')] : []
        : cooperativeErrors(fields);
      if (errors.length > 0) throw new ValidationError(errors);
      return [{ type: 'CooperativeRegistered', data: { ...fields, name: fields.name ?? '', cooperativeId: command.cooperativeId } }];
    }
    if (!state.exists) throw new NotFoundError('Cooperative', command.cooperativeId);
    const fields = normalise(command.fields);
    const errors = cooperativeErrors(fields);
    if (errors.length > 0) throw new ValidationError(errors);
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      const held = state.fields[k as keyof CooperativeFields];
      // A cooperative recorded before the liability setting (issue 45) has none: null is no change.
      if (k === 'liabilityPerShare' && v === null && held === undefined) continue;
      if (held !== v) changes[k] = v;
    }
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'CooperativeUpdated', data: { cooperativeId: command.cooperativeId, changes } }];
  },
};

/** Trims text; IBAN and BIC without spaces and in capitals, as banks print them. */
function normalise(fields: Partial<CooperativeFields>): Partial<CooperativeFields> {
  const out: Record<string, unknown> = { ...fields };
  for (const f of TEXT_FIELDS) {
    const v = fields[f];
    if (typeof v === 'string') out[f] = v.trim();
  }
  if (typeof fields.iban === 'string') out.iban = fields.iban.replace(/\s+/g, '').toUpperCase();
  if (typeof fields.bic === 'string') out.bic = fields.bic.replace(/\s+/g, '').toUpperCase();
  if (typeof fields.taxId === 'string') out.taxId = fields.taxId.replace(/[\s/]+/g, '');
  if (typeof fields.taxOffice === 'string') out.taxOffice = fields.taxOffice.trim();
  return out as Partial<CooperativeFields>;
}

/** SPEC section 5: every text field must be filled; tax number, IBAN, BIC, email and URL must be valid. */
export function cooperativeErrors(f: Partial<CooperativeFields>): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of TEXT_FIELDS) {
    if (isBlank(f[field])) errors.push(fieldError(field, 'mustNotBeEmpty'));
  }
  if (!isBlank(f.taxId) && !isValidTaxNumber(f.taxId!)) errors.push(fieldError('taxId', 'invalidTaxNumber'));
  // The tax office is optional here (a cooperative may not know it yet); the tax certificates refuse while it is empty.
  if (typeof f.taxOffice === 'string' && f.taxOffice.length > TAX_OFFICE_MAX) errors.push(fieldError('taxOffice', 'mustBeAtMost', String(TAX_OFFICE_MAX)));
  if (!isBlank(f.iban) && !isValidIban(f.iban!)) errors.push(fieldError('iban', 'invalidIban'));
  if (!isBlank(f.bic) && !isValidBic(f.bic!)) errors.push(fieldError('bic', 'invalidBic'));
  if (!isBlank(f.email) && !isValidEmail(f.email!)) errors.push(fieldError('email', 'invalidEmail'));
  if (!isBlank(f.url) && !isValidUrl(f.url!)) errors.push(fieldError('url', 'invalidUrl'));
  if (!Number.isSafeInteger(f.balanceCost) || f.balanceCost! <= 0) errors.push(fieldError('balanceCost', 'invalidNumber'));
  if (!Number.isSafeInteger(f.minimumShares)) errors.push(fieldError('minimumShares', 'invalidNumber'));
  else if (f.minimumShares! < 1) errors.push(fieldError('minimumShares', 'mustBeAtLeast', '1'));
  // § 65 (2) GenG: at least three months, the statutes may extend it up to five years. Absent (an older client): 3.
  if (f.noticePeriodMonths !== undefined) {
    if (!Number.isSafeInteger(f.noticePeriodMonths)) errors.push(fieldError('noticePeriodMonths', 'invalidNumber'));
    else if (f.noticePeriodMonths < MIN_NOTICE_PERIOD_MONTHS) errors.push(fieldError('noticePeriodMonths', 'mustBeAtLeast', String(MIN_NOTICE_PERIOD_MONTHS)));
    else if (f.noticePeriodMonths > MAX_NOTICE_PERIOD_MONTHS) errors.push(fieldError('noticePeriodMonths', 'mustBeAtMost', String(MAX_NOTICE_PERIOD_MONTHS)));
  }
  // The clean-up's retention period (issue 27): ten years at least (§ 147 AO, § 257 HGB). Absent (an older client): 10.
  if (f.retentionYears !== undefined) {
    if (!Number.isSafeInteger(f.retentionYears)) errors.push(fieldError('retentionYears', 'invalidNumber'));
    else if (f.retentionYears < MIN_RETENTION_YEARS) errors.push(fieldError('retentionYears', 'mustBeAtLeast', String(MIN_RETENTION_YEARS)));
    else if (f.retentionYears > MAX_RETENTION_YEARS) errors.push(fieldError('retentionYears', 'mustBeAtMost', String(MAX_RETENTION_YEARS)));
  }
  // Issue 38: the idle time of a session, one minute to twelve hours. Absent (an older client): 30 minutes.
  if (f.sessionIdleMinutes !== undefined) {
    if (!Number.isSafeInteger(f.sessionIdleMinutes)) errors.push(fieldError('sessionIdleMinutes', 'invalidNumber'));
    else if (f.sessionIdleMinutes < MIN_SESSION_IDLE_MINUTES) errors.push(fieldError('sessionIdleMinutes', 'mustBeAtLeast', String(MIN_SESSION_IDLE_MINUTES)));
    else if (f.sessionIdleMinutes > MAX_SESSION_IDLE_MINUTES) errors.push(fieldError('sessionIdleMinutes', 'mustBeAtMost', String(MAX_SESSION_IDLE_MINUTES)));
  }
  // Issue 45: the statutes' liability per share, cents; null when they set none. Absent (an older client): unchanged.
  if (f.liabilityPerShare !== undefined && f.liabilityPerShare !== null) {
    if (!Number.isSafeInteger(f.liabilityPerShare)) errors.push(fieldError('liabilityPerShare', 'invalidNumber'));
    else if (f.liabilityPerShare < 1) errors.push(fieldError('liabilityPerShare', 'mustBeAtLeast', '1'));
    else if (f.liabilityPerShare > SHARE_PRICE_MAX_CENTS) errors.push(fieldError('liabilityPerShare', 'mustBeAtMost', String(SHARE_PRICE_MAX_CENTS)));
  }
  if (f.interestBeginRule !== undefined && !(INTEREST_BEGIN_RULES as readonly unknown[]).includes(f.interestBeginRule)) {
    errors.push(fieldError('interestBeginRule', 'invalidChoice', String(f.interestBeginRule)));
  }
  const choices: readonly [keyof CooperativeFields, readonly unknown[]][] = [
    ['dividendMethod', DIVIDEND_METHODS], ['dayCount', DAY_COUNTS], ['dividendRounding', ROUNDING_MODES], ['taxRounding', ROUNDING_MODES],
    ['raiseOldExemptionOrders', [true, false]], ['heirsTaxedFromDeath', [true, false]], ['allowTestTaxIds', [true, false]],
  ];
  for (const [field, allowed] of choices) {
    if (f[field] !== undefined && !allowed.includes(f[field])) errors.push(fieldError(field, 'invalidChoice', String(f[field])));
  }
  return errors;
}
