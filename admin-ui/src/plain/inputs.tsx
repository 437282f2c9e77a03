import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { FieldTitle, useInput, useTranslate, ValidationError } from 'react-admin';
import { loadMenus, preloadMenus } from './ChoiceMenu';
import { Icon } from './icons';
import { OutlinedField } from './OutlinedField';

/**
 * Form inputs of react-admin's kind (bound to the form through `useInput`: value, validation, the server's messages
 * under the field) drawn in plain elements (`plain.css`) instead of MUI's TextField: the users form, the first
 * screen's, renders in a fraction of the time (decision 26). Label, helper text and the ids that tie them to the
 * control are those of react-admin's inputs (`{id}-helper-text`, the control's `aria-describedby`).
 */

/** The helper text react-admin shows: the translated validation message, else a zero-width space keeping the line. */
function HelperText({ error }: { error: string | undefined }) {
  return error ? <ValidationError error={error} /> : <span dangerouslySetInnerHTML={ZERO_WIDTH_SPACE} />;
}
const ZERO_WIDTH_SPACE = { __html: '&#8203;' };

/** MUI's menu for the multi-select, loaded when it is first opened (`menus.tsx`). */
const MultiChoiceList = lazy(() => loadMenus().then((m) => ({ default: m.MultiChoiceList })));

/** A text input (react-admin's `TextInput`), or with `password` a password input with its show/hide button (`PasswordInput`). */
export function PlainTextInput({
  source,
  password = false,
  autoComplete,
  testId,
  className,
  maxLength,
}: {
  source: string;
  password?: boolean;
  autoComplete?: string;
  testId?: string;
  className?: string;
  /** The server's limit (contracts/src/limits.ts). */
  maxLength?: number;
}) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, type: 'text' });
  return (
    <OutlinedField
      id={id}
      label={<FieldTitle source={source} isRequired={isRequired} />}
      error={invalid}
      helperText={<HelperText error={error?.message} />}
      className={`ra-input ra-input-${source}${className ? ` ${className}` : ''}`}
      end={
        password ? (
          <button
            type="button"
            className="cl-iconbtn cl-iconbtn-sm"
            aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
            onClick={() => setVisible(!visible)}
          >
            <Icon name={visible ? 'visibility' : 'visibilityOff'} size="small" />
          </button>
        ) : undefined
      }
    >
      <input
        id={id}
        className="cl-field-input"
        type={password && !visible ? 'password' : 'text'}
        placeholder=" "
        autoComplete={autoComplete}
        aria-invalid={invalid}
        aria-describedby={`${id}-helper-text`}
        {...(testId ? { 'data-testid': testId } : {})}
        {...(maxLength ? { maxLength } : {})}
        name={field.name}
        ref={field.ref}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={field.disabled}
      />
    </OutlinedField>
  );
}

export interface Choice {
  readonly id: string;
  readonly name: string;
}

/**
 * Several choices (react-admin's `SelectArrayInput`): the chosen ones as chips in an outlined field; the menu to choose
 * from (MUI's, as the select's) is built only when opened, so the closed field is a few plain elements.
 */
export function PlainSelectArrayInput({
  source,
  choices,
  testId,
  className,
}: {
  source: string;
  choices: readonly Choice[];
  testId?: string;
  className?: string;
}) {
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const raw: unknown = field.value;
  const value: string[] = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  const chosen = value.map((v) => choices.find((c) => c.id === v)).filter((c): c is Choice => c !== undefined);
  const labelId = `${id}-outlined-label`;
  const open = (target: HTMLElement) => setAnchor(target.closest<HTMLElement>('.cl-field-box') ?? target);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.currentTarget);
    }
  };
  const toggle = (choice: string) =>
    field.onChange(value.includes(choice) ? value.filter((v) => v !== choice) : [...value, choice]);
  return (
    <OutlinedField
      id={id}
      labelId={labelId}
      label={<FieldTitle source={source} isRequired={isRequired} />}
      shrink
      error={invalid}
      helperText={<HelperText error={error?.message} />}
      className={`ra-input ra-input-${source}${className ? ` ${className}` : ''}`}
      testId={testId}
      after={<Icon name="arrowDropDown" className="cl-select-arrow" />}
    >
      <div
        id={id}
        ref={field.ref}
        role="combobox"
        tabIndex={field.disabled ? -1 : 0}
        className="cl-select"
        aria-haspopup="listbox"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-labelledby={labelId}
        aria-invalid={invalid}
        aria-describedby={`${id}-helper-text`}
        onClick={(e) => open(e.currentTarget)}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
        onKeyDown={onKeyDown}
        onBlur={anchor ? undefined : field.onBlur}
      >
        <div className="cl-chips">
          {chosen.map((c) => (
            <span key={c.id} className="cl-chip">
              {c.name}
            </span>
          ))}
        </div>
      </div>
      <input
        className="cl-select-native"
        name={field.name}
        value={value.join(',')}
        aria-hidden="true"
        tabIndex={-1}
        readOnly
      />
      {anchor ? (
        <Suspense fallback={null}>
          <MultiChoiceList
            anchor={anchor}
            onClose={() => {
              setAnchor(null);
              field.onBlur();
            }}
            choices={choices}
            chosen={value}
            onToggle={toggle}
            labelId={labelId}
          />
        </Suspense>
      ) : null}
    </OutlinedField>
  );
}
