import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDate, formatMoney, parseDateText } from '../format';
import { SelectAllCheckbox } from '../common/SelectAllCheckbox';
import { AboveOutstanding } from './AboveOutstanding';
import { CollectionConfirm, SkippedList } from './CollectionConfirm';
import { keepListed, selectedSum, type CollectionCreatedDto } from './model';
import { useCreateCollection, useOutstandingDues, usePreviewCollection } from './queries';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** A header's text for screen readers only (the select-all column shows a checkbox). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The refusal of a collection as one text in the clerk's language. */
function refusalText(error: unknown): string {
  const fields = apiFieldErrors(error);
  return fields ? fields.map(validationMessage).join(' ') : error instanceof Error ? error.message : String(error);
}

/**
 * A new collection: the outstanding dues (oldest due first) to choose from and the collection date (a TARGET2 business
 * day at least one business day ahead, checked by the API). The answer names the debits made and the dues left out
 * with the reason (no mandate, no IBAN …).
 */
export function CollectionForm() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.${key}`, options);
  const dues = useOutstandingDues();
  const create = useCreateCollection();
  const preview = usePreviewCollection();
  const rows = dues.data ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const [made, setMade] = useState<CollectionCreatedDto | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => setSelected((current) => keepListed(current, dues.data ?? [])), [dues.data]);
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const all = rows.length > 0 && selected.length === rows.length;
  const collectionDate = parseDateText(date) ?? date;
  // A date refused (not a date, not a TARGET2 business day, too early) is said under the field, not in the question
  // asked before collecting: that question showed "Ungültiges Datum" alone, with nothing to collect and no field named.
  const [dateRefusal, setDateRefusal] = useState<string | null>(null);
  const ask = () => {
    preview.reset();
    if (parseDateText(date) === null) {
      setDateRefusal(translate('coop.validation.invalidDate'));
      return;
    }
    preview.mutate(
      { collectionDate, balanceIds: selected },
      {
        onSuccess: () => setAsking(true),
        onError: (error) => {
          const fields = apiFieldErrors(error);
          if (fields?.every((f) => f.field === 'collectionDate'))
            setDateRefusal(fields.map(validationMessage).join(' '));
          else setAsking(true);
        },
      },
    );
  };
  const submit = () => {
    setAsking(false);
    setMade(null);
    create.mutate(
      { collectionDate, balanceIds: selected },
      {
        onSuccess: (result) => {
          setMade(result);
          setSelected([]);
        },
      },
    );
  };
  return (
    <Card component="section" aria-labelledby="collection-form-title" data-testid="collection-form">
      <CardHeader
        id="collection-form-title"
        title={t('newTitle')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
        {dues.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {dues.error ? <Alert severity="error">{dues.error.message}</Alert> : null}
        {dues.isSuccess && rows.length === 0 ? (
          <Typography data-testid="collection-no-dues">{t('noDues')}</Typography>
        ) : null}
        {rows.length > 0 ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <SelectAllCheckbox
                    checked={all}
                    indeterminate={selected.length > 0 && !all}
                    onChange={() => setSelected(all ? [] : rows.map((d) => d.id))}
                    label={t('selectAll')}
                    data-testid="collection-select-all"
                  />
                  <Box component="span" sx={visuallyHidden}>
                    {t('selectAll')}
                  </Box>
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.member')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.subscribed')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('fields.dueSince')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('fields.outstanding')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} data-testid="collection-due">
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(d.id)}
                      onChange={() => toggle(d.id)}
                      slotProps={{
                        input: { 'aria-label': t('selectOne', { name: `${d.memberNr ?? ''} ${d.memberName}` }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>{`${d.memberNr ?? ''} ${d.memberName}`}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.date)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.dueSince)}</TableCell>
                  <TableCell align="right" sx={money}>
                    {formatMoney(d.outstanding)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
          <TextField
            size="small"
            label={t('collectionDate')}
            helperText={
              dateRefusal ? `${dateRefusal} · ${translate('coop.form.dateHint')}` : translate('coop.form.dateHint')
            }
            error={dateRefusal !== null}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setDateRefusal(null);
            }}
            slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'collection-date' } }}
          />
          <Typography variant="body2" data-testid="collection-selected">
            {t('selected', { count: selected.length, sum: formatMoney(selectedSum(selected, rows)) })}
          </Typography>
          <Button
            variant="contained"
            onClick={ask}
            disabled={selected.length === 0 || date.trim() === '' || create.isPending || preview.isPending}
            data-testid="collection-create"
          >
            {t('create')}
          </Button>
        </Box>
        {create.error ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="collection-error">
            {refusalText(create.error)}
          </Alert>
        ) : null}
        {made ? (
          <Alert severity="success" sx={{ mt: 1 }} data-testid="collection-made">
            {t('made', {
              count: made.count,
              smart_count: made.count,
              sum: formatMoney(made.totalCents),
              date: formatDate(made.collectionDate),
            })}
            {made.skipped.length > 0 ? <SkippedList skipped={made.skipped} testId="collection-skipped" /> : null}
          </Alert>
        ) : null}
        {made ? <AboveOutstanding items={made.aboveOutstanding} testId="collection-above-outstanding" /> : null}
      </CardContent>
      {/* Making a collection books every debit as paid at once: asked first, with what it would draw and leave out. */}
      <CollectionConfirm
        open={asking}
        collectionDate={collectionDate}
        preview={preview.data}
        pending={preview.isPending}
        refusal={preview.error ? refusalText(preview.error) : null}
        onConfirm={submit}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}
