import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatMoney } from '../format';
import { useCooperative } from './useCooperative';

/** What the member form does as its fields change: the firm's salutation, the foreign address, the shares' total. */

/** Switching to a legal entity sets the firm's postal salutation; switching back to a person clears it. */
export function LegalFormSwitchEffect() {
  const legalForm = useWatch({ name: 'legalForm' }) as unknown;
  const { getValues, setValue } = useFormContext();
  const first = useRef(true);
  useEffect(() => {
    // On opening, a firm recorded with a person salutation (before `company` existed) is shown with the firm's, not as a change.
    const shouldDirty = !first.current;
    first.current = false;
    const current = getValues('postalSalutation') as unknown;
    if (legalForm === 1 && current !== 'company') setValue('postalSalutation', 'company', { shouldDirty });
    else if (legalForm !== 1 && current === 'company') setValue('postalSalutation', null, { shouldDirty });
  }, [legalForm, getValues, setValue]);
  return null;
}

/** Switching `isForeign` clears the state when foreign and the country when not (SPEC 4). */
export function ForeignSwitchEffect() {
  const isForeign = useWatch({ name: 'isForeign' }) as unknown;
  const { setValue } = useFormContext();
  const previous = useRef(isForeign);
  useEffect(() => {
    if (previous.current === isForeign) return;
    previous.current = isForeign;
    if (isForeign) setValue('state', null, { shouldDirty: true });
    else setValue('country', null, { shouldDirty: true });
  }, [isForeign, setValue]);
  return null;
}

export function InitialSharesPreview() {
  const translate = useTranslate();
  const quantity = useWatch({ name: 'shareAmount' }) as unknown;
  const { data: coop } = useCooperative();
  const price = coop?.balanceCost;
  // A new member subscribes at least the cooperative's minimum: start there (not at 1, which the API refuses).
  const { setValue, getFieldState } = useFormContext();
  const minimum = coop?.minimumShares;
  useEffect(() => {
    if (typeof minimum === 'number' && minimum > 1 && !getFieldState('shareAmount').isDirty)
      setValue('shareAmount', minimum);
  }, [minimum, setValue, getFieldState]);
  if (typeof price !== 'number' || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
    return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="member-initial-total">
      {translate('coop.members.initialSharesHint', { price: formatMoney(price), total: formatMoney(quantity * price) })}
    </Typography>
  );
}
