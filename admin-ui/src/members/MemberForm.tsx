import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import {
  BooleanInput,
  CreateBase,
  EditBase,
  Form,
  NumberInput,
  SelectInput,
  TextInput,
  useEditContext,
  useSaveContext,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateTextInput } from '../common/DateTextInput';
import { requiredField } from '../common/requiredField';
import { InterestBeginDefault } from '../common/InterestBeginDefault';
import { EditHeader } from '../common/EditHeader';
import { Section } from '../common/Section';
import { ChurchTaxSection } from './ChurchTaxSection';
import { formatMoney } from '../format';
import { PageTitle } from '../layout/PageTitle';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { MemberLookupInput } from './MemberLookup';
import { useDuplicateCheck } from './DuplicateCheck';
import {
  CIVIL_STATUSES,
  LEGAL_FORMS,
  MEMBER_TYPES,
  POSITIONS,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
  STATES,
  TITLES,
  isUnderage,
  namedChoices,
  memberName,
  today,
  type MemberRecord,
} from './model';
import { useCooperative } from './useCooperative';
import { TEXT_MAX } from '@coop/contracts/console';
import { can, useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { euroTextToCents } from '../share-payments/model';
import { PaidInput } from '../share-payments/PaidInput';

const half = { xs: 12, md: 6 } as const;
const third = { xs: 12, sm: 6, md: 4 } as const;
/** The input's test id and, for text, its maximum length (the server's limit: contracts/src/limits.ts). */
const tid = (id: string, maxLength?: number) => ({
  htmlInput: { 'data-testid': `member-${id}`, ...(maxLength ? { maxLength } : {}) },
});
const max = (maxLength: number) => ({ htmlInput: { maxLength } });

/** Numbers travel as numbers; the selects work on strings (0 is a real choice, not "empty"). */
const numFormat = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numParse = (v: string) => (v === '' ? null : Number(v));

function choices(ids: readonly (number | string)[], prefix: string) {
  return ids.map((id) => ({ id: String(id), name: `${prefix}.${id}` }));
}

/** A firm is addressed as "Sehr geehrte Damen und Herren" (`company`), a person by one of the person salutations. */
const PERSON_SALUTATIONS = POSTAL_SALUTATIONS.filter((s) => s !== 'company');

/** Switching to a legal entity sets the firm's postal salutation; switching back to a person clears it. */
function LegalFormSwitchEffect() {
  const legalForm = useWatch({ name: 'legalForm' }) as unknown;
  const { getValues, setValue } = useFormContext();
  const first = useRef(true);
  useEffect(() => {
    // On opening, a firm recorded with a person salutation (before `company` existed) is shown with the firm's, not as a change.
    const shouldDirty = !first.current;
    first.current = false;
    const current = getValues('postalSalutation') as unknown;
    if (legalForm === 1 && current !== 'company') setValue('postalSalutation', 'company', { shouldDirty });
    else if (legalForm !== 1 && current === 'company') setValue('postalSalutation', null, { shouldDirty });
  }, [legalForm, getValues, setValue]);
  return null;
}

/** Switching `isForeign` clears the state when foreign and the country when not (SPEC 4). */
function ForeignSwitchEffect() {
  const isForeign = useWatch({ name: 'isForeign' }) as unknown;
  const { setValue } = useFormContext();
  const previous = useRef(isForeign);
  useEffect(() => {
    if (previous.current === isForeign) return;
    previous.current = isForeign;
    if (isForeign) setValue('state', null, { shouldDirty: true });
    else setValue('country', null, { shouldDirty: true });
  }, [isForeign, setValue]);
  return null;
}

function InitialSharesPreview() {
  const translate = useTranslate();
  const quantity = useWatch({ name: 'shareAmount' }) as unknown;
  const { data: coop } = useCooperative();
  const price = coop?.balanceCost;
  // A new member subscribes at least the cooperative's minimum: start there (not at 1, which the API refuses).
  const { setValue, getFieldState } = useFormContext();
  const minimum = coop?.minimumShares;
  useEffect(() => {
    if (typeof minimum === 'number' && minimum > 1 && !getFieldState('shareAmount').isDirty)
      setValue('shareAmount', minimum);
  }, [minimum, setValue, getFieldState]);
  if (typeof price !== 'number' || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
    return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="member-initial-total">
      {translate('coop.members.initialSharesHint', { price: formatMoney(price), total: formatMoney(quantity * price) })}
    </Typography>
  );
}

function Fields({ isNew, memberId }: { isNew: boolean; memberId?: string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const legalForm = useWatch({ name: 'legalForm' }) as unknown;
  const isForeign = !!useWatch({ name: 'isForeign' });
  const civilStatus = useWatch({ name: 'civilStatus' }) as unknown;
  const birthDate = useWatch({ name: 'birthDate' }) as unknown;
  const natural = legalForm !== 1;
  const underage = isUnderage(birthDate);
  const showRepresentation = natural && underage !== false;
  const married = natural && (civilStatus === 1 || civilStatus === 2);
  // A spouse who is a member has one tax id: its own member record's (issue 39); no second copy is typed here.
  const spouseIsMember = !!useWatch({ name: 'spouse' });
  // Church data is special-category data: only the roles that run the dividend see it (a restricted user's answer holds null).
  const churchAllowed = can(useSession(), 'church:read');
  return (
    <CardContent sx={{ px: 3, pt: 1 }}>
      <ForeignSwitchEffect />
      <LegalFormSwitchEffect />
      {isNew ? <InterestBeginDefault from="entryDate" /> : null}
      <Grid container columnSpacing={2}>
        <Section
          title={translate(natural ? 'coop.members.sections.person' : 'coop.members.sections.firm')}
          testId={natural ? 'member-section-person' : 'member-section-firm'}
        >
          <Grid size={third}>
            <SelectInput
              source="legalForm"
              validate={requiredField}
              choices={choices(LEGAL_FORMS, 'coop.members.legalForms')}
              format={numFormat}
              parse={numParse}
              fullWidth
              data-testid="member-legalForm"
              emptyText=""
            />
          </Grid>
          {natural ? (
            <>
              <Grid size={third}>
                <SelectInput
                  source="salutation"
                  validate={requiredField}
                  choices={choices(SALUTATIONS, 'coop.members.salutations')}
                  fullWidth
                  emptyText=""
                  data-testid="member-salutation"
                />
              </Grid>
              <Grid size={third}>
                <SelectInput
                  source="title"
                  choices={choices(TITLES, 'coop.members.titles')}
                  fullWidth
                  emptyText=""
                  data-testid="member-title"
                />
              </Grid>
              <Grid size={half}>
                <TextInput
                  source="givenName"
                  validate={requiredField}
                  fullWidth
                  slotProps={tid('givenName', TEXT_MAX.name)}
                />
              </Grid>
              <Grid size={half}>
                <TextInput source="name" validate={requiredField} fullWidth slotProps={tid('name', TEXT_MAX.name)} />
              </Grid>
              <Grid size={half}>
                <TextInput source="birthName" fullWidth slotProps={tid('birthName', TEXT_MAX.name)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateTextInput source="birthDate" validate={requiredField} fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <SelectInput
                  source="civilStatus"
                  validate={requiredField}
                  choices={choices(CIVIL_STATUSES, 'coop.members.civilStatuses')}
                  format={numFormat}
                  parse={numParse}
                  fullWidth
                  emptyText=""
                  data-testid="member-civilStatus"
                />
              </Grid>
              {showRepresentation ? (
                <Grid size={{ xs: 12 }}>
                  <TextInput
                    source="legalRepresentation"
                    fullWidth
                    helperText="coop.members.legalRepresentationHint"
                    slotProps={tid('legalRepresentation', TEXT_MAX.representation)}
                  />
                </Grid>
              ) : null}
            </>
          ) : (
            <Grid size={{ xs: 12, md: 8 }}>
              <TextInput source="name" validate={requiredField} fullWidth slotProps={tid('name', TEXT_MAX.name)} />
            </Grid>
          )}
          <Grid size={third}>
            <SelectInput
              source="postalSalutation"
              validate={requiredField}
              choices={choices(natural ? PERSON_SALUTATIONS : ['company'], 'coop.members.postalSalutations')}
              fullWidth
              emptyText=""
              data-testid="member-postalSalutation"
            />
          </Grid>
        </Section>

        {married ? (
          <Section title={translate('coop.members.sections.spouse')} testId="member-section-spouse">
            <Grid size={half}>
              <MemberLookupInput
                source="spouse"
                label={translate('resources.members.fields.spouse')}
                excludeId={memberId}
                testId="member-spouse"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SelectInput
                source="spouseTitle"
                choices={choices(TITLES, 'coop.members.titles')}
                fullWidth
                emptyText=""
              />
            </Grid>
            <Grid size={half}>
              <TextInput source="spouseGivenName" fullWidth slotProps={max(TEXT_MAX.name)} />
            </Grid>
            <Grid size={half}>
              <TextInput source="spouseName" fullWidth slotProps={max(TEXT_MAX.name)} />
            </Grid>
            <Grid size={half}>
              <TextInput source="spouseBirthName" fullWidth slotProps={max(TEXT_MAX.name)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <DateTextInput source="spouseBirthDate" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              {spouseIsMember ? (
                <Typography variant="body2" color="text.secondary" data-testid="member-spouseTaxIdOfMember">
                  {translate('coop.members.spouseTaxIdOfMember')}
                </Typography>
              ) : (
                <TextInput
                  source="spouseTaxId"
                  fullWidth
                  helperText="coop.members.spouseTaxIdHint"
                  slotProps={{
                    htmlInput: { 'data-testid': 'member-spouseTaxId', inputMode: 'numeric', maxLength: 14 },
                  }}
                />
              )}
            </Grid>
          </Section>
        ) : null}

        <Section title={translate('coop.members.sections.address')} testId="member-section-address">
          <Grid size={{ xs: 8, md: 9 }}>
            <TextInput source="street" validate={requiredField} fullWidth slotProps={tid('street', TEXT_MAX.street)} />
          </Grid>
          <Grid size={{ xs: 4, md: 3 }}>
            <TextInput
              source="streetHomeNumber"
              validate={requiredField}
              fullWidth
              slotProps={tid('streetHomeNumber', TEXT_MAX.houseNumber)}
            />
          </Grid>
          <Grid size={{ xs: 4, md: 3 }}>
            <TextInput
              source="zipCode"
              validate={requiredField}
              fullWidth
              slotProps={tid('zipCode', TEXT_MAX.zipCode)}
            />
          </Grid>
          <Grid size={{ xs: 8, md: 5 }}>
            <TextInput source="city" validate={requiredField} fullWidth slotProps={tid('city', TEXT_MAX.city)} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {isForeign ? (
              <TextInput
                source="country"
                validate={requiredField}
                fullWidth
                slotProps={{
                  htmlInput: { 'data-testid': 'member-country', maxLength: 2, style: { textTransform: 'uppercase' } },
                }}
                parse={(v: string) => (v === '' ? null : v.toUpperCase())}
              />
            ) : (
              <SelectInput
                source="state"
                validate={requiredField}
                choices={namedChoices(STATES, (id) => translate(`coop.members.states.${id}`), locale)}
                translateChoice={false}
                fullWidth
                emptyText=""
                data-testid="member-state"
              />
            )}
          </Grid>
          <Grid size={{ xs: 12 }}>
            <BooleanInput source="isForeign" helperText={false} />
          </Grid>
        </Section>

        <Section title={translate('coop.members.sections.contact')}>
          <Grid size={half}>
            <TextInput source="privateEmail" type="email" fullWidth slotProps={tid('privateEmail', TEXT_MAX.email)} />
          </Grid>
          <Grid size={half}>
            <TextInput source="privateTelephone" fullWidth slotProps={tid('privateTelephone', TEXT_MAX.telephone)} />
          </Grid>
        </Section>

        <Section title={translate('coop.members.sections.bank')}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              source="bankname"
              validate={requiredField}
              fullWidth
              slotProps={tid('bankname', TEXT_MAX.name)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <TextInput
              source="iban"
              validate={requiredField}
              fullWidth
              parse={(v: string) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase())}
              slotProps={tid('iban')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput
              source="bic"
              validate={requiredField}
              fullWidth
              parse={(v: string) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase())}
              slotProps={tid('bic')}
            />
          </Grid>
          <Grid size={12}>
            <TextInput
              source="accountHolder"
              fullWidth
              helperText="coop.members.accountHolderHint"
              slotProps={{ htmlInput: { 'data-testid': 'member-accountHolder', maxLength: TEXT_MAX.name } }}
            />
          </Grid>
        </Section>

        <Section title={translate(natural ? 'coop.members.sections.tax' : 'coop.members.sections.taxOnly')}>
          <Grid size={third}>
            <TextInput
              source="manualTaxId"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'member-manualTaxId', inputMode: 'numeric', maxLength: 11 } }}
            />
          </Grid>
          {!isNew ? (
            <Grid size={third}>
              <TextInput source="taxId" fullWidth readOnly helperText={false} />
            </Grid>
          ) : null}
          {natural && churchAllowed ? (
            <>
              <Grid size={third}>
                <TextInput source="churchId" fullWidth slotProps={max(TEXT_MAX.code)} />
              </Grid>
              <Grid size={third}>
                <TextInput
                  source="churchTaxRate"
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: TEXT_MAX.code } }}
                />
              </Grid>
              <Grid size={third}>
                <TextInput source="kiSt" fullWidth slotProps={max(TEXT_MAX.code)} />
              </Grid>
              <Grid size={third}>
                <TextInput source="kiStSatz" fullWidth slotProps={max(TEXT_MAX.code)} />
              </Grid>
            </>
          ) : null}
        </Section>

        <Section title={translate('coop.members.sections.membership')} testId="member-section-membership">
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <NumberInput
              source="memberNr"
              fullWidth
              readOnly={!isNew}
              min={1}
              step={1}
              helperText={isNew ? 'coop.members.memberNrHint' : false}
              slotProps={tid('memberNr')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <SelectInput
              source="memberType"
              validate={requiredField}
              choices={choices(MEMBER_TYPES, 'coop.members.memberTypes')}
              format={numFormat}
              parse={numParse}
              fullWidth
              emptyText=""
              data-testid="member-memberType"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <SelectInput
              source="position"
              validate={requiredField}
              choices={choices(POSITIONS, 'coop.members.positions')}
              format={numFormat}
              parse={numParse}
              fullWidth
              emptyText=""
              data-testid="member-position"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }} />
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <DateTextInput source="entryDate" validate={requiredField} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <DateTextInput source="approvalDate" validate={isNew ? requiredField : undefined} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <DateTextInput source="interestBegin" fullWidth />
          </Grid>
        </Section>

        {isNew ? (
          <Section title={translate('coop.members.sections.initialShares')} testId="member-section-initial">
            <Grid size={{ xs: 12, sm: 4, md: 3 }}>
              <NumberInput
                source="shareAmount"
                label="resources.balances.fields.quantity"
                fullWidth
                min={1}
                step={1}
                slotProps={tid('shareAmount')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8, md: 9 }}>
              <InitialSharesPreview />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <PaidInput testId="member-paid" />
            </Grid>
          </Section>
        ) : null}
      </Grid>
    </CardContent>
  );
}

/** Church tax is a natural person's: a legal entity has none. */
const NATURAL_ONLY = [
  'salutation',
  'title',
  'givenName',
  'birthName',
  'birthDate',
  'civilStatus',
  'legalRepresentation',
  'churchId',
  'churchTaxRate',
  'kiSt',
  'kiStSatz',
] as const;
const SPOUSE = [
  'spouse',
  'spouseGivenName',
  'spouseName',
  'spouseBirthName',
  'spouseBirthDate',
  'spouseTitle',
  'spouseTaxId',
] as const;

/** What is hidden is not sent as data: a legal entity has no person fields, only a married member has a spouse, only a minor a representative. */
export function toApi(data: RaRecord, isNew: boolean): RaRecord {
  const out: Record<string, unknown> = { ...data };
  const natural = out.legalForm !== 1;
  if (!natural) for (const f of NATURAL_ONLY) out[f] = null;
  if (!natural || (out.civilStatus !== 1 && out.civilStatus !== 2)) for (const f of SPOUSE) out[f] = null;
  // A spouse who is a member keeps the tax id of its own record: no copy is sent (issue 39).
  if (typeof out.spouse === 'string' && out.spouse !== '') out.spouseTaxId = null;
  if (natural && isUnderage(out.birthDate) === false) out.legalRepresentation = null;
  if (out.isForeign) out.state = null;
  else out.country = null;
  for (const [k, v] of Object.entries(out)) if (v === '') out[k] = null;
  if (!isNew) {
    delete out.memberNr;
    delete out.shareAmount;
    delete out.paid;
  } else {
    // The initial subscription paid in part (issue 45): the euros typed, as cents; empty, paid in full.
    out.paid = euroTextToCents(data.paid);
  }
  return out as RaRecord;
}

function EditForm() {
  const { record, isPending, error } = useEditContext<MemberRecord>();
  const translate = useTranslate();
  const canWrite = can(useSession(), 'members:write');
  if (isPending) return <PageLoading />;
  if (error || !record) {
    return <LoadFailed error={error} />;
  }
  return (
    <Form record={record} warnWhenUnsavedChanges={false}>
      <PageTitle title={translate('coop.title.editMember', { name: memberName(record) })} />
      <EditHeader
        title={translate('coop.title.editMember', { name: memberName(record) })}
        backTo={`/member/${encodeURIComponent(record.id)}`}
        canSave={canWrite}
      />
      <Fields isNew={false} memberId={record.id} />
      {canWrite && record.legalForm !== 1 ? <ChurchTaxSection memberId={String(record.id)} /> : null}
    </Form>
  );
}

/** The create form: possible duplicates are shown before the member is saved (DuplicateCheck.tsx). */
function CreateForm({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const duplicates = useDuplicateCheck();
  const onSubmit = async (values: Record<string, unknown>) => {
    if (!(await duplicates.confirm(values))) return undefined;
    return save?.(values);
  };
  return (
    <Form onSubmit={onSubmit} warnWhenUnsavedChanges={false}>
      <EditHeader title={translate('coop.title.newMember')} backTo="/members" canSave={canWrite} />
      <Fields isNew />
      {duplicates.dialog}
    </Form>
  );
}

const NEW_MEMBER = (): Partial<MemberRecord> & { shareAmount: number } => ({
  legalForm: 0,
  memberType: 1,
  position: 0,
  isForeign: false,
  entryDate: today(),
  approvalDate: today(),
  interestBegin: null,
  shareAmount: 1,
});

/** An unknown member shows the not-found page (EditForm), instead of react-admin's leap to the list with a notice. */
const SHOW_LOAD_FAILURE = { onError: () => undefined };

/** `/members/new` (create with the initial subscription) and `/members/{id}` (edit the master data). */
export default function MemberForm() {
  const { id = 'new' } = useParams();
  const canWrite = can(useSession(), 'members:write');
  const leave = useLeaveWhenSaved(id === 'new' ? '/members' : `/member/${encodeURIComponent(id)}`, {
    resource: 'members',
    action: id === 'new' ? 'created' : 'updated',
    redirect: (_resource, savedId) => `/member/${encodeURIComponent(String(savedId ?? id))}`,
  });
  if (id === 'new') {
    return (
      <Card component="section" data-testid="member-form" sx={{ maxWidth: 1100, mx: 'auto' }}>
        <CreateBase
          resource="members"
          record={NEW_MEMBER()}
          transform={(data: RaRecord) => toApi(data, true)}
          redirect={(_resource, newId) => `/member/${encodeURIComponent(String(newId))}`}
          mutationOptions={leave}
        >
          <CreateForm canWrite={canWrite} />
        </CreateBase>
      </Card>
    );
  }
  return (
    <Card component="section" data-testid="member-form" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <EditBase
        key={id}
        resource="members"
        id={id}
        mutationMode="pessimistic"
        transform={(data: RaRecord) => toApi(data, false)}
        redirect={() => `/member/${encodeURIComponent(id)}`}
        queryOptions={SHOW_LOAD_FAILURE}
        mutationOptions={leave}
      >
        <EditForm />
      </EditBase>
    </Card>
  );
}

/** `/members/{id}/edit`: the spec's edit path is `/members/{id}`. */
export function MemberEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/members/${encodeURIComponent(id)}`} replace />;
}
