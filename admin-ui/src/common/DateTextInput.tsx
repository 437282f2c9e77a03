import EventIcon from '@mui/icons-material/Event';
import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';
import { formatDate, parseDateText } from '../format';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** The stored value: `YYYY-MM-DD` shown as dd.MM.yyyy; half-typed text stays as typed. */
const format = (value: unknown): string =>
  typeof value === 'string' ? (ISO.test(value) ? formatDate(value) : value) : '';
/** Typed text: a complete date becomes `YYYY-MM-DD`, empty becomes null, anything else stays text (and is refused). */
const parse = (text: string): string | null => (text.trim() === '' ? null : (parseDateText(text) ?? text));

const validateDate = (value: unknown) =>
  typeof value === 'string' && value !== '' && !ISO.test(value) ? 'coop.validation.invalidDate' : undefined;

/**
 * A date field in the format of SPEC 9 (dd.MM.yyyy in both languages), stored and sent as `YYYY-MM-DD`.
 * A plain text field: the browser's own date input would show the browser's locale format instead.
 */
export function DateTextInput({ validate, helperText, ...props }: TextInputProps) {
  const extra = Array.isArray(validate) ? validate : validate ? [validate] : [];
  return (
    <TextInput
      {...props}
      format={format}
      parse={parse}
      validate={[validateDate, ...extra]}
      helperText={helperText ?? 'coop.form.dateHint'}
      slotProps={{
        htmlInput: {
          'data-testid': `date-${props.source}`,
          placeholder: 'dd.mm.yyyy',
          inputMode: 'numeric',
          autoComplete: 'off',
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <EventIcon fontSize="small" color="disabled" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
