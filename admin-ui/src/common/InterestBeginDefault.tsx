import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { interestBeginFor, interestBeginRuleOf } from '@coop/contracts/console';
import { useCooperative } from '../members/useCooperative';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Defaults the form's `interestBegin` from `from` (the entry date of a new member, a posting's date) by the
 * cooperative's rule (its setting `interestBeginRule`, the 1st of the next month unless set), the same rule the API
 * applies to an empty interest begin. Once the clerk has typed an interest begin it is left alone. Renders nothing.
 */
export function InterestBeginDefault({ from }: { from: string }) {
  const date = useWatch({ name: from }) as unknown;
  const { data: coop } = useCooperative();
  const { setValue, getFieldState } = useFormContext();
  const rule = coop ? interestBeginRuleOf(coop.interestBeginRule) : null;
  useEffect(() => {
    if (rule === null || typeof date !== 'string' || !ISO_DATE.test(date) || getFieldState('interestBegin').isDirty)
      return;
    setValue('interestBegin', interestBeginFor(date, rule));
  }, [date, rule, setValue, getFieldState]);
  return null;
}
