import { formatMoney } from '../format';
import { templateText } from '../notifications/model';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refusal's reason as the API answers it: `{field, template, parameters}`, the parameters numbered `{"0": …}`. */
export interface TemplateError {
  readonly field?: string | null;
  /** A contracts `ValidationTemplate` (`FieldError`); a string here, the console shows an unknown one as it is. */
  readonly template: string;
  readonly parameters?: Readonly<Record<string, string>>;
}

/** The numbered parameters in their order (`{"0": a, "1": b}` → `[a, b]`). */
const ordered = (parameters: Readonly<Record<string, string>> | undefined): string[] =>
  Object.entries(parameters ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, v]) => String(v));

/** `GET /dividend/sepa/{id}/check`: how many transfers the payment file would hold, their sum (cents), what stops it. */
export interface SepaCheck {
  readonly transfers: number;
  readonly controlSum: number;
  readonly errors: readonly TemplateError[];
  /** What the clerk should know though the file can be made (a deceased member without the heirs' account). */
  readonly notices?: readonly TemplateError[];
}

/**
 * The payment list button's state from its check: disabled while the check runs, failed, or names errors; the line
 * under the buttons says why (each template in the clerk's language) or how many transfers of which sum it will hold;
 * `notice`: what the clerk should know before sending a file that can be made (decision 316).
 */
export function sepaState(
  translate: Translate,
  check: { data?: SepaCheck | undefined; error?: unknown; isPending: boolean },
): { blocked: boolean; text: string; notice?: string } {
  if (check.isPending) return { blocked: true, text: translate('coop.payouts.sepaChecking') };
  const reasons = check.error
    ? [check.error instanceof Error ? check.error.message : String(check.error)]
    : (check.data?.errors ?? []).map((e) => templateText(translate, e.template, ordered(e.parameters)));
  if (reasons.length > 0)
    return { blocked: true, text: `${translate('coop.payouts.sepaImpossible')} ${reasons.join(' · ')}` };
  const notices = (check.data?.notices ?? []).map((e) => templateText(translate, e.template, ordered(e.parameters)));
  return {
    blocked: false,
    text: translate('coop.payouts.sepaReady', {
      smart_count: check.data?.transfers ?? 0,
      sum: formatMoney(check.data?.controlSum),
    }),
    ...(notices.length > 0 ? { notice: notices.join(' · ') } : {}),
  };
}
