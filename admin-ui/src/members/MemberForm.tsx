import { Card, CardContent, Grid } from '@mui/material';
import { Navigate, useParams } from 'react-router-dom';
import {
  CreateBase,
  EditBase,
  Form,
  NumberInput,
  SelectInput,
  TextInput,
  useEditContext,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { useWatch } from 'react-hook-form';
import { DateTextInput } from '../common/DateTextInput';
import { requiredField } from '../common/requiredField';
import { InterestBeginDefault } from '../common/InterestBeginDefault';
import { EditHeader } from '../common/EditHeader';
import { Section } from '../common/Section';
import { ChurchTaxSection } from './ChurchTaxSection';
import { PageTitle } from '../layout/PageTitle';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { useDuplicateCheck } from './DuplicateCheck';
import {
  CIVIL_STATUSES,
  LEGAL_FORMS,
  MEMBER_TYPES,
  POSITIONS,
  SALUTATIONS,
  TITLES,
  isUnderage,
  memberName,
  today,
  type MemberRecord,
} from './model';
import { TEXT_MAX } from '@coop/contracts/console';
import { can, useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { useIdempotencyKey } from '../data/idempotency';
import { PaidInput } from '../share-payments/PaidInput';
import { ForeignSwitchEffect, InitialSharesPreview, LegalFormSwitchEffect } from './MemberFormEffects';
import { toApi } from './memberFormData';
import { choices, half, max, numFormat, numParse, PERSON_SALUTATIONS, third, tid } from './memberFormParts';
import { SpouseSection } from './SpouseSection';
import { AddressSection } from './AddressSection';
import { BankSection } from './BankSection';

function Fields({ isNew, memberId }: { isNew: boolean; memberId?: string }) {
  const translate = useTranslate();
  const legalForm = useWatch({ name: 'legalForm' }) as unknown;
  const civilStatus = useWatch({ name: 'civilStatus' }) as unknown;
  const birthDate = useWatch({ name: 'birthDate' }) as unknown;
  const natural = legalForm !== 1;
  const underage = isUnderage(birthDate);
  const showRepresentation = natural && underage !== false;
  const married = natural && (civilStatus === 1 || civilStatus === 2);
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

        {married ? <SpouseSection memberId={memberId} /> : null}

        <AddressSection />

        <Section title={translate('coop.members.sections.contact')}>
          <Grid size={half}>
            <TextInput source="privateEmail" type="email" fullWidth slotProps={tid('privateEmail', TEXT_MAX.email)} />
          </Grid>
          <Grid size={half}>
            <TextInput source="privateTelephone" fullWidth slotProps={tid('privateTelephone', TEXT_MAX.telephone)} />
          </Grid>
        </Section>

        <BankSection />

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

function EditForm() {
  const { record, isPending, error } = useEditContext<MemberRecord>();
  const translate = useTranslate();
  const canWrite = can(useSession(), 'members:write');
  if (isPending) return <PageLoading />;
  if (error || !record) {
    return <LoadFailed error={error} />;
  }
  return (
    <Form record={record} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
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
    <Form onSubmit={onSubmit} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
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
  // One key per create form shown (as decision 297): a double click, a retry or the warnings' confirmation admits once.
  const idempotencyKey = useIdempotencyKey();
  if (id === 'new') {
    return (
      <Card component="section" data-testid="member-form" sx={{ maxWidth: 1100, mx: 'auto' }}>
        <CreateBase
          resource="members"
          record={NEW_MEMBER()}
          transform={(data: RaRecord) => toApi(data, true)}
          redirect={(_resource, newId) => `/member/${encodeURIComponent(String(newId))}`}
          mutationOptions={{ ...leave, meta: { idempotencyKey } }}
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
