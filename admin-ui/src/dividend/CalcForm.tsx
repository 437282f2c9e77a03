import CalculateIcon from '@mui/icons-material/Calculate';
import { Button, Grid, InputAdornment } from '@mui/material';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { DIVIDEND_TYPES, type DividendYearDto } from '@coop/contracts/console';
import { DateTextInput } from '../common/DateTextInput';
import { today } from '../members/model';
import { amountProblem, yearChoices, type CalcInput } from './model';

interface FormValues {
  year: number;
  type: CalcInput['type'];
  amount: string;
  decisionDate: string | null;
  paymentDate: string | null;
}

/** The amount's field: `%` or `€` after it as the type says (SPEC 2); checked as the API reads it. */
function AmountInput() {
  const translate = useTranslate();
  const type = useWatch<FormValues, 'type'>({ name: 'type' });
  return (
    <TextInput
      source="amount"
      label={translate(type === 'amount' ? 'coop.dividend.fields.totalAmount' : 'coop.dividend.fields.percentAmount')}
      fullWidth
      validate={(value: unknown, values: FormValues) =>
        typeof value === 'string' ? amountProblem(values.type, value) : 'coop.validation.mustNotBeEmpty'
      }
      helperText={type === 'amount' ? 'coop.dividend.amountHint' : 'coop.dividend.percentHint'}
      slotProps={{
        htmlInput: { 'data-testid': 'dividend-amount', inputMode: 'decimal', autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">{type === 'amount' ? '€' : '%'}</InputAdornment> },
      }}
    />
  );
}

/**
 * Step 1's inputs (SPEC 2, 9): the year (last year and about 11 back; a closed year is marked), percent or total amount,
 * the amount, the decision and payment dates (empty: today), and Calculate. `actions` stand beside Calculate.
 */
export function CalcForm({
  input,
  years,
  onCalculate,
  actions,
}: {
  input: CalcInput;
  years: readonly DividendYearDto[] | undefined;
  onCalculate: (input: CalcInput) => void;
  actions: ReactNode;
}) {
  const translate = useTranslate();
  const known =
    years && years.length > 0
      ? years
      : yearChoices().map((key) => ({ key, value: String(key), closed: false, closing: false, dividendId: null }));
  // A year the address names but the choices do not (a closure opened long after) stays choosable.
  const all = known.some((y) => y.key === input.year)
    ? known
    : [{ key: input.year, value: String(input.year), closed: false, closing: false, dividendId: null }, ...known];
  const yearOptions = all.map((y) => ({
    id: y.key,
    name: y.closed
      ? translate('coop.dividend.yearClosed', { year: y.value })
      : y.closing
        ? translate('coop.dividend.yearClosing', { year: y.value })
        : y.value,
  }));
  const typeOptions = DIVIDEND_TYPES.map((id) => ({ id, name: translate(`coop.dividend.types.${id}`) }));
  const record = { id: 'dividend-input', ...input };
  const submit = (values: Record<string, unknown>) => {
    const v = values as unknown as FormValues;
    onCalculate({
      year: Number(v.year),
      type: v.type,
      amount: String(v.amount).trim(),
      decisionDate: v.decisionDate || today(),
      paymentDate: v.paymentDate || today(),
    });
  };
  return (
    <Form record={record} onSubmit={submit} warnWhenUnsavedChanges={false} noValidate disableInvalidFormNotification>
      <FormErrorNotice />
      <Grid container columnSpacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 6, md: 2.5 }}>
          <SelectInput
            source="year"
            label={translate('coop.dividend.fields.year')}
            choices={yearOptions}
            translateChoice={false}
            fullWidth
            validate={(v: unknown) => (v ? undefined : 'coop.validation.mustNotBeEmpty')}
            data-testid="dividend-year"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <SelectInput
            source="type"
            label={translate('coop.dividend.fields.type')}
            choices={typeOptions}
            translateChoice={false}
            fullWidth
            data-testid="dividend-type"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2.5 }}>
          <AmountInput />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2.5 }}>
          <DateTextInput source="decisionDate" label={translate('coop.dividend.fields.decisionDate')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2.5 }}>
          <DateTextInput source="paymentDate" label={translate('coop.dividend.fields.paymentDate')} fullWidth />
        </Grid>
      </Grid>
      <Grid container spacing={1.5} sx={{ mt: 0.5 }}>
        <Grid>
          <Button type="submit" variant="contained" startIcon={<CalculateIcon />} data-testid="dividend-calculate">
            {translate('coop.dividend.calculate')}
          </Button>
        </Grid>
        {actions}
      </Grid>
    </Form>
  );
}
