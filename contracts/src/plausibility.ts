/*
 * Plausibility warnings (issue 22 "Safety nets"): a date that is possible but unlikely. Unlike a validation error the
 * clerk may keep it: the API refuses the write with `409 {warnings: [{field, template, parameters}]}` until the request
 * repeats it with `confirmWarnings: true` (docs/api.md). No package is imported here: the console takes the templates
 * and the interest-begin rule through `@coop/contracts/console`.
 */

/**
 * The warnings' templates, part of `ValidationTemplate` (the console translates them like errors). `{0}` is the first
 * numbered parameter; dates are `YYYY-MM-DD`.
 */
export type PlausibilityTemplate =
  /** "{0} lies in the future" / "Das Datum {0} liegt in der Zukunft" (entry, approval, posting date after today). */
  | 'dateInFuture'
  /** "The approval lies before the declaration of {0}" / "Die Zulassung liegt vor der Beitrittserklärung vom {0}". */
  | 'approvalBeforeDeclaration'
  /** "The interest begins before the entry on {0}" / "Der Zinsbeginn liegt vor dem Eintritt am {0}". */
  | 'interestBeginBeforeEntry';

export const PLAUSIBILITY_TEMPLATES: readonly PlausibilityTemplate[] = [
  'dateInFuture',
  'approvalBeforeDeclaration',
  'interestBeginBeforeEntry',
];

/** One warning: the shape of a validation error (`FieldError`), with a plausibility template. */
export interface PlausibilityWarning {
  readonly field: string | null;
  readonly template: PlausibilityTemplate;
  /** Numbered parameters: `{ "0": "…" }`. */
  readonly parameters: Readonly<Record<string, string>>;
}

export function warning(field: string, template: PlausibilityTemplate, ...params: string[]): PlausibilityWarning {
  const parameters: Record<string, string> = {};
  params.forEach((p, i) => (parameters[String(i)] = p));
  return { field, template, parameters };
}

/** A write refused for warnings the request did not confirm (the HTTP layer answers 409 `{warnings}`). */
export class UnconfirmedWarnings extends Error {
  constructor(readonly warnings: readonly PlausibilityWarning[]) {
    super(warnings.map((w) => `${w.field}: ${w.template}`).join('; '));
    this.name = 'UnconfirmedWarnings';
  }
}

/** Throws UnconfirmedWarnings when there are warnings and the request did not confirm them. */
export function requireConfirmed(warnings: readonly PlausibilityWarning[], confirmed: boolean): void {
  if (warnings.length > 0 && !confirmed) throw new UnconfirmedWarnings(warnings);
}

/**
 * How a cooperative's interest begin follows the entry or posting date when the clerk leaves it empty (a cooperative
 * setting): `nextMonth` the 1st of the following month (the default), `sameDay` the date itself, `nextQuarter` the 1st
 * of the following quarter, `nextYear` the following 1 January. A date already on such a start is its own next start
 * only for `sameDay`: the 1st of a month under `nextMonth` gives the 1st of the month after.
 */
export const INTEREST_BEGIN_RULES = ['nextMonth', 'sameDay', 'nextQuarter', 'nextYear'] as const;
export type InterestBeginRule = (typeof INTEREST_BEGIN_RULES)[number];
export const DEFAULT_INTEREST_BEGIN_RULE: InterestBeginRule = 'nextMonth';

/** A stored setting as a rule: anything unknown (a cooperative from before the setting) is the default. */
export function interestBeginRuleOf(value: unknown): InterestBeginRule {
  return (INTEREST_BEGIN_RULES as readonly unknown[]).includes(value)
    ? (value as InterestBeginRule)
    : DEFAULT_INTEREST_BEGIN_RULE;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The interest begin for a posting or entry on `date` (`YYYY-MM-DD`) under `rule`. */
export function interestBeginFor(date: string, rule: InterestBeginRule): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  switch (rule) {
    case 'sameDay':
      return date;
    case 'nextMonth':
      return month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
    case 'nextQuarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 4;
      return first > 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(first)}-01`;
    }
    case 'nextYear':
      return `${pad(year + 1, 4)}-01-01`;
  }
}
