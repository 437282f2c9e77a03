import {
  Alert,
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { IMPORT_KINDS, isImportKind, type DateFormat, type FileInspection, type NumberFormat } from './dto';
import { describeFormat } from './formatText';
import {
  chooseField,
  chooseFormats,
  chooseKind,
  fieldLabel,
  importsNothing,
  unmappedRequired,
  type FieldCatalogue,
  type MappingState,
  type SheetState,
} from './mapping';

const NONE = '';

/** A native select (labelled by its own `<label>`: no popup to find, keyboard and screen readers as the browser does them). */
function NativeSelect({
  label,
  value,
  onChange,
  options,
  testId,
  hiddenLabel = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
  testId: string;
  hiddenLabel?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={hiddenLabel ? undefined : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, ...(hiddenLabel ? { 'aria-label': label } : {}) },
      }}
      sx={{ minWidth: 220 }}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </TextField>
  );
}

/** One sheet: its kind, and per column the field it goes to, with three example rows. */
function SheetMappingTable({
  sheet,
  index,
  fields,
  state,
  onChange,
}: {
  sheet: SheetState;
  index: number;
  fields: FieldCatalogue;
  state: MappingState;
  onChange: (next: MappingState) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const kind = sheet.kind;
  const missing = unmappedRequired(sheet, fields);
  const titleId = `import-sheet-${index}`;
  const label = (key: string, required: boolean) => {
    const text = kind ? fieldLabel(fields, kind, key, locale) : key;
    return required ? translate('coop.memberImport.columns.required', { label: text }) : text;
  };
  const examples = [0, 1, 2].filter((i) => i < sheet.preview.length);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="import-sheet"
      data-sheet={sheet.sheet}
      sx={{ p: 2, mb: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box sx={{ flex: '1 1 300px' }}>
          <Typography id={titleId} variant="subtitle1" component="h3">
            {sheet.sheet === sheet.file
              ? sheet.file
              : translate('coop.memberImport.columns.sheet', { file: sheet.file, sheet: sheet.sheet })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('coop.memberImport.columns.rows', { smart_count: sheet.rows })}
          </Typography>
        </Box>
        <NativeSelect
          label={translate('coop.memberImport.columns.kind', { sheet: sheet.sheet })}
          value={kind ?? NONE}
          onChange={(v) => onChange(chooseKind(state, index, isImportKind(v) ? v : null, fields))}
          options={[
            [NONE, translate('coop.memberImport.columns.kindNone')],
            ...IMPORT_KINDS.map((k) => [k, translate(`coop.memberImport.kinds.${k}`)] as const),
          ]}
          testId={`import-kind-${index}`}
        />
      </Box>
      {missing.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="import-missing-required">
          {translate('coop.memberImport.columns.missingRequired', {
            fields: missing.map((f) => (locale === 'de' ? f.de : f.en)).join(', '),
          })}
        </Alert>
      ) : null}
      {kind ? (
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('coop.memberImport.columns.column')}</TableCell>
                <TableCell>{translate('coop.memberImport.columns.field')}</TableCell>
                {examples.map((i) => (
                  <TableCell key={i}>{translate('coop.memberImport.columns.example', { n: i + 1 })}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sheet.headers.map((header, col) => (
                <TableRow key={`${header}-${col}`} data-testid="import-column" data-column={header}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {header}
                  </TableCell>
                  <TableCell>
                    <NativeSelect
                      hiddenLabel
                      label={translate('coop.memberImport.columns.fieldOf', { column: header })}
                      value={sheet.columns[header] ?? NONE}
                      onChange={(v) => onChange(chooseField(state, index, header, v === NONE ? null : v))}
                      options={[
                        [NONE, translate('coop.memberImport.columns.notImported')],
                        ...(fields[kind] ?? []).map((f) => [f.key, label(f.key, f.required)] as const),
                      ]}
                      testId={`import-field-${index}-${col}`}
                    />
                  </TableCell>
                  {examples.map((i) => (
                    <TableCell
                      key={i}
                      // Narrower below 1200 px: three examples of 220 px pushed the third out of a sheet at 1024 px
                      // (a posting's id or a counterpart's number). The whole value is its tooltip.
                      title={sheet.preview[i]?.[col] ?? ''}
                      sx={{
                        color: 'text.secondary',
                        maxWidth: { xs: 140, lg: 220 },
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {sheet.preview[i]?.[col] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}

/**
 * Step 2, "Columns": per file what was detected (in words), the import-wide overrides of the number and date formats,
 * and per sheet its kind and the column → field table with the guesses preselected.
 */
export function ColumnsStep({
  files,
  fields,
  state,
  onChange,
}: {
  files: readonly FileInspection[];
  fields: FieldCatalogue;
  state: MappingState;
  onChange: (next: MappingState) => void;
}) {
  const translate = useTranslate();
  const numbers: NumberFormat[] = ['de', 'en'];
  const dates: DateFormat[] = ['de', 'en', 'iso'];
  return (
    <Box component="section" aria-labelledby="import-columns-title" data-testid="import-columns">
      <Typography id="import-columns-title" variant="h6" component="h2">
        {translate('coop.memberImport.columns.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('coop.memberImport.columns.hint')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 2 }} data-testid="import-formats">
        {files.map((f) => (
          <Typography component="li" variant="body2" key={f.file} data-testid="import-format" data-file={f.file}>
            <strong>{f.file}</strong>: {describeFormat(translate, f.format)}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <NativeSelect
          label={translate('coop.memberImport.format.numbersLabel')}
          value={state.numbers ?? NONE}
          onChange={(v) => onChange(chooseFormats(state, { numbers: v === 'de' || v === 'en' ? v : null }))}
          options={[
            [NONE, translate('coop.memberImport.format.asDetected')],
            ...numbers.map((n) => [n, translate(`coop.memberImport.format.numbers.${n}`)] as const),
          ]}
          testId="import-numbers"
        />
        <NativeSelect
          label={translate('coop.memberImport.format.datesLabel')}
          value={state.dates ?? NONE}
          onChange={(v) =>
            onChange(chooseFormats(state, { dates: v === 'de' || v === 'en' || v === 'iso' ? v : null }))
          }
          options={[
            [NONE, translate('coop.memberImport.format.asDetected')],
            ...dates.map((d) => [d, translate(`coop.memberImport.format.dates.${d}`)] as const),
          ]}
          testId="import-dates"
        />
      </Box>
      {state.sheets.length === 0 ? (
        <Alert severity="info">{translate('coop.memberImport.columns.noSheets')}</Alert>
      ) : (
        state.sheets.map((sheet, index) => (
          <SheetMappingTable
            key={`${sheet.file}/${sheet.sheet}`}
            sheet={sheet}
            index={index}
            fields={fields}
            state={state}
            onChange={onChange}
          />
        ))
      )}
      {state.sheets.length > 0 && importsNothing(state) ? (
        <Alert severity="warning">{translate('coop.memberImport.columns.nothing')}</Alert>
      ) : null}
    </Box>
  );
}
