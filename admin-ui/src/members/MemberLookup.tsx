import type { Option } from '@coop/contracts/console';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetOne, useInput, useTranslate, ValidationError, type InputProps, type Validator } from 'react-admin';
import { api } from '../session/api';
import { SEARCH_DELAY_MS } from '../data/useServerList';
import { memberLabel, type MemberRecord } from './model';

interface MemberOption {
  readonly id: string;
  readonly label: string;
}

/**
 * `GET /members/options?search=&filter=&limit=10` (docs/api.md): at most 10 members found by name, given
 * name or member number, as `[{key: id, value: "1001 Müller, Anna"}]`; active members only unless `withExited`.
 */
async function searchMembers(search: string, withExited: boolean): Promise<MemberOption[]> {
  const query = new URLSearchParams({ limit: '10' });
  if (search) query.set('search', search);
  if (!withExited) query.set('filter', 'exitDate:null');
  const res = await api<Option[] | null>(`/members/options?${query.toString()}`);
  if (res.status === 204 || !Array.isArray(res.body)) return [];
  return res.body.map((o) => ({ id: String(o.key), label: String(o.value) }));
}

/** A typed label as compared with an option's: case, and spaces around and between words, do not count. */
export function sameLabel(typed: string, label: string): boolean {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');
  return plain(typed) !== '' && plain(typed) === plain(label);
}

export interface MemberPickerProps {
  readonly value: string | null;
  readonly onChange: (id: string | null) => void;
  readonly label: string;
  readonly testId: string;
  readonly excludeId?: string;
  readonly withExited?: boolean;
  readonly error?: boolean;
  readonly helperText?: ReactNode;
  readonly name?: string;
  readonly required?: boolean;
  readonly onBlur?: () => void;
  /** Shown, not changeable (a read-only user's form). */
  readonly disabled?: boolean;
}

/**
 * A member lookup: type a name or member number (words in any order), choose one of at most 10 matches. Typing or
 * pasting exactly the label an option shows ("302 Krause, Daniel") chooses that member.
 */
export function MemberPicker({
  value,
  onChange,
  label,
  testId,
  excludeId,
  withExited = false,
  error,
  helperText,
  name,
  required,
  onBlur,
  disabled,
}: MemberPickerProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<MemberOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { data: selected } = useGetOne<MemberRecord>('members', { id: value ?? '' }, { enabled: !!value });
  const current: MemberOption | null = value
    ? (options.find((o) => o.id === value) ?? { id: value, label: selected ? memberLabel(selected) : '' })
    : null;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      searchMembers(current && input === current.label ? '' : input.trim(), withExited)
        .then((found) => {
          if (!live) return;
          const shown = found.filter((m) => m.id !== excludeId);
          setOptions(shown);
          const exact = shown.filter((m) => sameLabel(input, m.label));
          if (exact.length === 1 && exact[0]!.id !== value) onChange(exact[0]!.id);
        })
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input, open, excludeId, withExited]);

  return (
    <Autocomplete<MemberOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={current}
      onChange={(_, chosen) => onChange(chosen?.id ?? null)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(m) => m.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      disabled={disabled}
      noOptionsText={translate('coop.list.empty')}
      loadingText={translate('ra.page.loading')}
      // MUI's own texts of its buttons are English (aria-label and title): the clerk's language instead.
      openText={translate('coop.list.openChoices')}
      closeText={translate('coop.list.closeChoices')}
      clearText={translate('coop.list.clearChoice')}
      onBlur={onBlur}
      // The list of choices opens inside the page's main landmark, not at the end of <body> outside every landmark (axe
      // `region`); in a dialog (outside <main>) where MUI puts it, above the dialog.
      ref={root}
      slotProps={{ popper: { container: () => root.current?.closest('main') ?? document.body } }}
      renderOption={(props, m) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`${testId}-option`} data-member-id={m.id}>
            {m.label}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          required={required}
          error={error}
          helperText={helperText ?? translate('coop.members.lookupHint')}
          slotProps={{
            // Not the browser's own required check: its bubble would stop the form before its message shows at the field.
            htmlInput: { ...params.inputProps, 'data-testid': testId, required: false },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/** The member lookup bound to a react-admin form field (its own checks and server errors appear under it). */
export function MemberLookupInput({
  source,
  label,
  excludeId,
  testId,
  readOnly,
  validate,
}: Pick<InputProps, 'source'> & {
  label: string;
  excludeId?: string;
  testId: string;
  readOnly?: boolean;
  validate?: Validator | Validator[];
}) {
  const { field, fieldState, isRequired } = useInput({ source, ...(validate ? { validate } : {}) });
  const message = fieldState.error?.message;
  return (
    <MemberPicker
      value={(field.value as string | null) || null}
      onChange={(id) => field.onChange(id)}
      onBlur={field.onBlur}
      label={label}
      name={field.name}
      required={isRequired}
      testId={testId}
      excludeId={excludeId}
      disabled={readOnly}
      error={!!message}
      // Its own checks' messages (react-admin's format, with arguments) and the server's templates alike.
      helperText={message ? <ValidationError error={message} /> : undefined}
    />
  );
}
