import { Alert, Card, CardContent, Grid, InputAdornment, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import {
  EditBase,
  Form,
  NumberInput,
  SelectInput,
  TextInput,
  useEditContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { DEFAULT_INTEREST_BEGIN_RULE, INTEREST_BEGIN_RULES, TEXT_MAX } from '@coop/contracts/console';
import { EditHeader } from '../common/EditHeader';
import { centsToDecimal, parseEuroToCents } from '../format';
import { PageLoading } from '../layout/PageLoading';
import { can, useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { DividendSettings } from './DividendSettings';
import { PaymentTermsCard } from '../share-payments/PaymentTermsCard';

/** balanceCost arrives as integer cents; the form shows euro (`250,00`) and keeps what the clerk types as text. */
const formatEuro = (value: unknown): string =>
  typeof value === 'number' ? centsToDecimal(value) : typeof value === 'string' ? value : '';
const parseText = (value: string): string => value;

const validateEuro = (value: unknown) => {
  if (typeof value === 'number') return undefined;
  if (typeof value === 'string' && value.trim() !== '' && parseEuroToCents(value) === null)
    return 'coop.validation.invalidAmount';
  return undefined;
};

/** The euro text becomes integer cents by string handling (no float); unparsable text goes as is for the API to refuse. */
export const toApi = (data: RaRecord) => {
  const cents = (raw: unknown): unknown =>
    typeof raw === 'number' ? raw : typeof raw === 'string' ? (parseEuroToCents(raw) ?? raw) : raw;
  // The liability per share (issue 45): empty text is "the statutes set none" (null).
  const liability: unknown = data.liabilityPerShare;
  const liabilityPerShare =
    liability === undefined || liability === null || (typeof liability === 'string' && liability.trim() === '')
      ? null
      : cents(liability);
  return { ...data, balanceCost: cents(data.balanceCost), liabilityPerShare };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Grid size={{ xs: 12 }}>
        <Typography
          variant="subtitle2"
          component="h2"
          color="primary"
          sx={{ mt: 2, mb: 0.5, textTransform: 'uppercase', letterSpacing: 0.6 }}
        >
          {title}
        </Typography>
      </Grid>
      {children}
    </>
  );
}

/**
 * `?field=taxId`: the field a link named as missing (the cooperative card, issue 43) is scrolled to and focused once
 * the form shows; only a plain field name is taken.
 */
function FocusNamedField() {
  const [params] = useSearchParams();
  const field = params.get('field') ?? '';
  useEffect(() => {
    if (!/^[A-Za-z]{1,40}$/.test(field)) return;
    const target = document.querySelector<HTMLInputElement>(`[data-testid="cooperative-${field}"]`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [field]);
  return null;
}

const half = { xs: 12, md: 6 } as const;
/** The input's test id and its maximum length (the server's limit: contracts/src/limits.ts). */
const input = (testId: string, maxLength?: number) => ({
  htmlInput: { 'data-testid': testId, ...(maxLength ? { maxLength } : {}) },
});

function CooperativeForm({ canSave }: { canSave: boolean }) {
  const { record, isPending, error } = useEditContext();
  const translate = useTranslate();
  if (isPending) return <PageLoading />;
  if (error || !record) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('coop.edit.loadFailed', { message: error instanceof Error ? error.message : '' })}
      </Alert>
    );
  }
  const ro = !canSave;
  return (
    <Form record={record} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
      <EditHeader title={translate('coop.title.cooperative')} backTo="/administration" canSave={canSave} />
      <FocusNamedField />
      <CardContent sx={{ px: 3 }}>
        {ro ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('coop.edit.readOnly')}
          </Alert>
        ) : null}
        <Grid container columnSpacing={2}>
          <Section title={translate('coop.cooperative.master')}>
            <Grid size={half}>
              <TextInput
                source="fullName"
                fullWidth
                readOnly={ro}
                slotProps={input('cooperative-fullName', TEXT_MAX.fullName)}
              />
            </Grid>
            <Grid size={half}>
              <TextInput source="name" fullWidth readOnly={ro} slotProps={input('cooperative-name', TEXT_MAX.name)} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput
                source="address"
                fullWidth
                readOnly={ro}
                slotProps={input('cooperative-address', TEXT_MAX.street)}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 2 }}>
              <TextInput source="zip" fullWidth readOnly={ro} slotProps={input('cooperative-zip', TEXT_MAX.zipCode)} />
            </Grid>
            <Grid size={{ xs: 8, md: 4 }}>
              <TextInput source="city" fullWidth readOnly={ro} slotProps={input('cooperative-city', TEXT_MAX.city)} />
            </Grid>
            <Grid size={half}>
              <TextInput source="taxId" fullWidth readOnly={ro} slotProps={input('cooperative-taxId', TEXT_MAX.code)} />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="taxOffice"
                fullWidth
                readOnly={ro}
                helperText="coop.cooperative.taxOfficeHint"
                slotProps={{ htmlInput: { 'data-testid': 'cooperative-taxOffice', maxLength: TEXT_MAX.name } }}
              />
            </Grid>
          </Section>
          <Section title={translate('coop.cooperative.contact')}>
            <Grid size={half}>
              <TextInput
                source="contactPerson"
                fullWidth
                readOnly={ro}
                slotProps={input('cooperative-contactPerson', TEXT_MAX.name)}
              />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="email"
                type="email"
                fullWidth
                readOnly={ro}
                slotProps={input('cooperative-email', TEXT_MAX.email)}
              />
            </Grid>
            <Grid size={half}>
              <TextInput source="url" fullWidth readOnly={ro} slotProps={input('cooperative-url', TEXT_MAX.url)} />
            </Grid>
          </Section>
          <Section title={translate('coop.cooperative.bank')}>
            <Grid size={half}>
              <TextInput
                source="bankname"
                fullWidth
                readOnly={ro}
                slotProps={input('cooperative-bankname', TEXT_MAX.name)}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} />
            <Grid size={{ xs: 12, md: 8 }}>
              <TextInput source="iban" fullWidth readOnly={ro} slotProps={input('cooperative-iban', TEXT_MAX.iban)} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextInput source="bic" fullWidth readOnly={ro} slotProps={input('cooperative-bic', TEXT_MAX.code)} />
            </Grid>
          </Section>
          <Section title={translate('coop.cooperative.shares')}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextInput
                source="balanceCost"
                fullWidth
                readOnly={ro}
                format={formatEuro}
                parse={parseText}
                validate={validateEuro}
                helperText="coop.cooperative.balanceCostHint"
                slotProps={{
                  htmlInput: { 'data-testid': 'cooperative-balanceCost', inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextInput
                source="liabilityPerShare"
                fullWidth
                readOnly={ro}
                format={formatEuro}
                parse={parseText}
                validate={validateEuro}
                helperText="coop.cooperative.liabilityPerShareHint"
                slotProps={{
                  htmlInput: { 'data-testid': 'cooperative-liabilityPerShare', inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <NumberInput
                source="minimumShares"
                fullWidth
                readOnly={ro}
                min={1}
                step={1}
                slotProps={input('cooperative-minimumShares')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {/* § 65 (2) GenG: a notice takes effect at the end of the first financial year at least this long after it. */}
              <NumberInput
                source="noticePeriodMonths"
                fullWidth
                readOnly={ro}
                min={3}
                max={60}
                step={1}
                helperText="coop.cooperative.noticePeriodHint"
                slotProps={input('cooperative-noticePeriodMonths')}
              />
              <SelectInput
                source="interestBeginRule"
                choices={INTEREST_BEGIN_RULES.map((id) => ({ id, name: `coop.interestBeginRules.${id}` }))}
                defaultValue={DEFAULT_INTEREST_BEGIN_RULE}
                fullWidth
                readOnly={ro}
                helperText="coop.interestBeginRuleHint"
                data-testid="cooperative-interestBeginRule"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {/* Issue 27: the data-protection clean-up's period, ten years at least (§ 147 AO, § 257 HGB). */}
              <NumberInput
                source="retentionYears"
                fullWidth
                readOnly={ro}
                min={10}
                max={30}
                step={1}
                helperText="coop.cooperative.retentionYearsHint"
                slotProps={input('cooperative-retentionYears')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {/* Issue 38: an idle clerk is signed out after this many minutes; the server enforces it. */}
              <NumberInput
                source="sessionIdleMinutes"
                fullWidth
                readOnly={ro}
                min={1}
                max={720}
                step={1}
                helperText="coop.cooperative.sessionIdleHint"
                slotProps={input('cooperative-sessionIdleMinutes')}
              />
            </Grid>
          </Section>
          <DividendSettings readOnly={ro} />
        </Grid>
      </CardContent>
    </Form>
  );
}

/** `/cooperative` (and `/cooperative/{id}`): edit the own cooperative, id from the token's `cooperative` claim. */
export default function CooperativeEdit() {
  const session = useSession();
  const { id } = useParams();
  const leave = useLeaveWhenSaved('/', { resource: 'cooperatives', action: 'updated', redirect: false });
  if (!session) return null;
  if (id && id !== session.cooperative && !can(session, 'cooperatives:all'))
    return <Navigate to="/cooperative" replace />;
  return (
    <>
      <Card component="section" data-testid="cooperative-form" sx={{ maxWidth: 1100, mx: 'auto' }}>
        <EditBase
          resource="cooperatives"
          id={id ?? session.cooperative}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={leave}
          transform={toApi}
        >
          <CooperativeForm canSave={can(session, 'cooperative:write')} />
        </EditBase>
      </Card>
      {/* The payment terms on shares (issue 45), saved on their own; the own cooperative's only. */}
      {!id || id === session.cooperative ? <PaymentTermsCard /> : null}
    </>
  );
}
