import { Checkbox, type CheckboxProps } from '@mui/material';
import { useEffect, useRef } from 'react';

/**
 * The "select all" checkbox of a table, half ticked while some but not all rows are chosen. MUI draws the half tick but
 * leaves the native input unchecked and puts `aria-checked="mixed"` on it, which contradicts the input's own state (axe
 * `aria-conditional-attr`, serious). Here the native input itself is made indeterminate (its `indeterminate` property;
 * HTML has no attribute for it), which the browser reports as "mixed" to assistive technology, and the contradicting
 * attribute is left out. The browser clears the property on a click; it is set again after every render.
 */
export function SelectAllCheckbox({
  indeterminate = false,
  label,
  testId,
  ...props
}: Omit<CheckboxProps, 'slotProps' | 'inputProps' | 'inputRef'> & {
  /** The input's accessible name. */
  label: string;
  /** The input's `data-testid`. */
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  });
  return (
    <Checkbox
      {...props}
      indeterminate={indeterminate}
      inputRef={input}
      slotProps={{
        input: {
          'aria-label': label,
          'aria-checked': undefined,
          ...(testId ? { 'data-testid': testId } : {}),
        } as object,
      }}
    />
  );
}
