import type { ReactNode } from 'react';

/**
 * The frame of an outlined field as MUI draws it (label floating into a notch of the outline, helper text under it),
 * in plain elements styled by `plain.css`. `children` is the control itself (an input with the class
 * `cl-field-input` and `placeholder=" "`, whose focus and filling float the label through CSS alone, or a select);
 * `shrink` keeps the label up (a field with an icon in front, a select).
 */
export function OutlinedField({
  id,
  label,
  labelId,
  shrink = false,
  error = false,
  helperText,
  start,
  end,
  after,
  className,
  testId,
  children,
}: {
  id: string;
  label: ReactNode;
  labelId?: string;
  shrink?: boolean;
  error?: boolean;
  /** Rendered under the field with the id `{id}-helper-text` (the control's `aria-describedby`); none when undefined. */
  helperText?: ReactNode;
  start?: ReactNode;
  end?: ReactNode;
  /** After the label, inside the frame (a select's arrow). */
  after?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const classes = `cl-field${shrink ? ' cl-field-shrink' : ''}${error ? ' cl-field-error' : ''}${className ? ` ${className}` : ''}`;
  return (
    <div className={classes} {...(testId ? { 'data-testid': testId } : {})}>
      <div className={`cl-field-box${start ? ' cl-has-start' : ''}${end ? ' cl-has-end' : ''}`}>
        {start ? <div className="cl-field-adorn cl-field-adorn-start">{start}</div> : null}
        {children}
        <label htmlFor={id} id={labelId} className="cl-field-label">
          {label}
        </label>
        {end ? <div className="cl-field-adorn cl-field-adorn-end">{end}</div> : null}
        {after}
        <fieldset aria-hidden="true" className="cl-field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText !== undefined ? (
        <p className="cl-field-help" id={`${id}-helper-text`}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
