import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Grid,
  Switch,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { INSTALMENT_COUNT_MAX } from '@coop/contracts/console';
import { centsToDecimal } from '../format';
import { can, useSession } from '../session/session';
import { euroTextToCents, type PaymentTerms } from './model';
import { usePaymentTerms, useSetPaymentTerms } from './queries';
import { refusalOf } from './refusal';
import { useSharePaymentTexts } from './texts';

type Form = {
  allowed: boolean;
  maxCount: string;
  rhythmMonths: string;
  minFirstPerShare: string;
  reminderAfterDays: string;
  creditDividendUntilPaid: boolean;
  creditorId: string;
};

const formOf = (terms: PaymentTerms): Form => ({
  allowed: terms.instalments.allowed,
  maxCount: String(terms.instalments.maxCount),
  rhythmMonths: String(terms.instalments.rhythmMonths),
  minFirstPerShare: centsToDecimal(terms.instalments.minFirstPerShare),
  reminderAfterDays: String(terms.reminderAfterDays),
  creditDividendUntilPaid: terms.creditDividendUntilPaid,
  creditorId: terms.creditorId ?? '',
});

/** The form before the terms are read: empty (the cooperative's terms, or the defaults, arrive with GET). */
const EMPTY: Form = {
  allowed: false,
  maxCount: '',
  rhythmMonths: '',
  minFirstPerShare: '',
  reminderAfterDays: '',
  creditDividendUntilPaid: true,
  creditorId: '',
};

const FIELDS = [
  'instalments.maxCount',
  'instalments.rhythmMonths',
  'instalments.minFirstPerShare',
  'reminderAfterDays',
  'creditorId',
];

/**
 * The cooperative's payment terms on shares (issue 45; § 7 Nr. 1, § 19 (1) GenG) on the cooperative's settings: whether
 * the statutes allow instalments (how many, how many months apart, the least first payment per share), after how many
 * days a payment is reminded, whether the dividend is credited until the shares are paid, and the SEPA creditor id.
 * Saved on its own (`PUT /cooperative/payment-terms`, administrators); read-only for the others.
 */
export function PaymentTermsCard() {
  const texts = useSharePaymentTexts();
  const t = (key: string, options?: Readonly<Record<string, unknown>>) => texts(`terms.${key}`, options);
  const notify = useNotify();
  const session = useSession();
  const canWrite = can(session, 'paymentterms:write');
  const terms = usePaymentTerms();
  const save = useSetPaymentTerms();
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (terms.data) setForm(formOf(terms.data));
  }, [terms.data]);
  if (!can(session, 'sharepayments:read')) return null;
  const refusal = save.error ? refusalOf(save.error, FIELDS) : { byField: {} as Record<string, string> };
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value });
  const whole = (v: string): number | string => (/^\s*\d+\s*$/.test(v) ? Number(v.trim()) : v);
  const submit = () =>
    save.mutate(
      {
        instalments: {
          allowed: form.allowed,
          maxCount: whole(form.maxCount),
          rhythmMonths: whole(form.rhythmMonths),
          minFirstPerShare: euroTextToCents(form.minFirstPerShare) ?? 0,
        },
        reminderAfterDays: whole(form.reminderAfterDays),
        creditDividendUntilPaid: form.creditDividendUntilPaid,
        creditorId: form.creditorId.trim() === '' ? null : form.creditorId,
        // The terms as this form read them (the last answer's after a save): another administrator's change made
        // meanwhile refuses the save (409 recordChangedMeanwhile) instead of being overwritten.
        masterTag: terms.data?.masterTag ?? null,
      },
      { onSuccess: () => notify(t('saved'), { type: 'success' }) },
    );
  const text = (key: keyof Form, field: string, props: { max?: number; suffix?: string; width?: number } = {}) => (
    <Grid size={{ xs: 12, sm: 6, md: props.width ?? 3 }}>
      <TextField
        label={props.suffix ? `${t(key)} (${props.suffix})` : t(key)}
        value={form[key] as string}
        onChange={set(key)}
        fullWidth
        margin="dense"
        disabled={!canWrite}
        error={!!refusal.byField[field]}
        helperText={refusal.byField[field] ?? t(`help.${key}`)}
        slotProps={{ htmlInput: { maxLength: props.max ?? 6, 'data-testid': `payment-terms-${key}` } }}
      />
    </Grid>
  );
  return (
    <Card
      component="section"
      aria-labelledby="payment-terms-title"
      data-testid="payment-terms"
      sx={{ maxWidth: 1100, mx: 'auto', mt: 2 }}
    >
      <CardHeader
        id="payment-terms-title"
        title={t('title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.allowed}
                  onChange={set('allowed')}
                  disabled={!canWrite}
                  slotProps={{ input: { 'data-testid': 'payment-terms-allowed' } as object }}
                />
              }
              label={t('allowed')}
            />
          </Grid>
          {text('maxCount', 'instalments.maxCount', { max: String(INSTALMENT_COUNT_MAX).length })}
          {text('rhythmMonths', 'instalments.rhythmMonths', { max: 2 })}
          {text('minFirstPerShare', 'instalments.minFirstPerShare', { max: 20, suffix: '€' })}
          {text('reminderAfterDays', 'reminderAfterDays', { max: 3 })}
          {text('creditorId', 'creditorId', { max: 40, width: 6 })}
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.creditDividendUntilPaid}
                  onChange={set('creditDividendUntilPaid')}
                  disabled={!canWrite}
                />
              }
              label={t('creditDividendUntilPaid')}
            />
          </Grid>
        </Grid>
        {refusal.other ? (
          <Alert severity="error" data-testid="payment-terms-error">
            {refusal.other}
          </Alert>
        ) : null}
        {canWrite ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="payment-terms-save">
              {t('save')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
