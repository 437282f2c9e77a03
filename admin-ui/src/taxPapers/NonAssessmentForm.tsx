import { CardContent, Grid } from '@mui/material';
import { useParams } from 'react-router-dom';
import { BooleanInput, CreateBase, EditBase, Form, SelectInput, TextInput, required, useEditContext, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateTextInput } from '../common/DateTextInput';
import { EditHeader } from '../common/EditHeader';
import { formatDate } from '../format';
import { DocumentTitle } from '../layout/DocumentTitle';
import { PageLoading } from '../layout/Layout';
import { canWriteMembers, memberLabel, memberName, today, type MemberRecord } from '../members/model';
import { useMemberDashboard } from '../members/queries';
import { useSession } from '../session/session';
import { NON_ASSESSMENT_TYPES, endOfYear, nonAssessmentYears, startOfYear, yearChoices, type NonAssessmentRecord } from './model';
import { nonAssessmentToApi } from './toApi';
import { LoadError, MemberLine, OtherPapers, PaperLayout, useBackTo, useFrom } from './PaperLayout';
import { NonAssessmentTable } from './parts';

const numFormat = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numParse = (v: string) => (v === '' ? null : Number(v));
const tid = (id: string) => ({ htmlInput: { 'data-testid': `non-assessment-${id}` } });

function Fields({ member, canWrite, currentId }: { member: MemberRecord | undefined; canWrite: boolean; currentId?: string }) {
  const translate = useTranslate();
  const startDate = useWatch({ name: 'startDate' }) as unknown;
  const endDate = useWatch({ name: 'endDate' }) as unknown;
  const thisYear = Number(today().slice(0, 4));
  const dashboard = useMemberDashboard(member?.id ?? '');
  const certificates = dashboard.data?.nonAssessment ?? [];
  const others = certificates.filter((n) => n.id !== currentId);
  const ro = !canWrite;
  const years = nonAssessmentYears(thisYear);
  return (
    <CardContent sx={{ px: 3 }}>
      <MemberLine member={member} isNew={!currentId} canWrite={canWrite} />
      <Grid container columnSpacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12 }}>
          <SelectInput
            source="type"
            choices={NON_ASSESSMENT_TYPES.map((t) => ({ id: String(t), name: `coop.taxPapers.nvTypes.${t}` }))}
            format={numFormat}
            parse={numParse}
            validate={required()}
            fullWidth
            readOnly={ro}
            data-testid="non-assessment-type"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="orderNumber" fullWidth readOnly={ro} helperText="coop.taxPapers.orderNumberHint" slotProps={tid('orderNumber')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="taxAuthorities" fullWidth readOnly={ro} slotProps={tid('taxAuthorities')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateTextInput source="date" fullWidth readOnly={ro} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="original" helperText="coop.taxPapers.originalHint" readOnly={ro} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="startDate"
            choices={yearChoices(years, 'start', startDate, formatDate)}
            validate={required()}
            helperText="coop.taxPapers.fromJanuary"
            fullWidth
            readOnly={ro}
            data-testid="non-assessment-startDate"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="endDate"
            choices={yearChoices(years, 'end', endDate, formatDate)}
            validate={required()}
            helperText="coop.taxPapers.toDecember"
            fullWidth
            readOnly={ro}
            data-testid="non-assessment-endDate"
          />
        </Grid>
      </Grid>
      {member && (others.length > 0 || currentId) ? (
        <OtherPapers title={translate('coop.taxPapers.otherCertificates')} ids={others.map((n) => n.id)}>
          {(highlight) => <NonAssessmentTable rows={certificates} canWrite={canWrite} currentId={currentId} highlightId={highlight} testId="non-assessment-others" />}
        </OtherPapers>
      ) : null}
    </CardContent>
  );
}

function NewNonAssessment({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const canWrite = canWriteMembers(useSession()?.roles);
  const backTo = useBackTo(memberId);
  const { data: member, isPending, error } = useGetOne<MemberRecord>('members', { id: memberId }, { enabled: !!memberId });
  if (isPending) return <PageLoading />;
  if (error || !member) return <LoadError error={error} />;
  const title = translate('coop.title.newNonAssessmentFor', { name: memberLabel(member) });
  const year = Number(today().slice(0, 4));
  // A certificate is valid for at most 3 years and ends on 31 December: this year and the two following.
  const record = {
    member: member.id,
    type: 100,
    orderNumber: '',
    taxAuthorities: '',
    date: today(),
    startDate: startOfYear(year),
    endDate: endOfYear(year + 2),
    original: false,
  };
  return (
    <PaperLayout testId="non-assessment-form" historyResource="nonassessments">
      <CreateBase resource="nonassessments" record={record} transform={(data: RaRecord) => nonAssessmentToApi(data, member.id)} redirect={() => backTo}>
        <Form warnWhenUnsavedChanges={false}>
          <DocumentTitle override={title} />
          <EditHeader title={title} backTo={backTo} canSave={canWrite} />
          <Fields member={member} canWrite={canWrite} />
        </Form>
      </CreateBase>
    </PaperLayout>
  );
}

function EditForm() {
  const { record, isPending, error } = useEditContext<NonAssessmentRecord>();
  const translate = useTranslate();
  const canWrite = canWriteMembers(useSession()?.roles);
  const { data: member } = useGetOne<MemberRecord>('members', { id: record?.member ?? '' }, { enabled: !!record?.member });
  const backTo = useBackTo(record?.member);
  if (isPending) return <PageLoading />;
  if (error || !record) return <LoadError error={error} />;
  const name = member ? memberName(member) : (record.memberName ?? '');
  const title = translate('coop.title.nonAssessmentOf', { name });
  const values = { ...record, original: record.original === true };
  return (
    <Form record={values} warnWhenUnsavedChanges={false}>
      <DocumentTitle override={title} />
      <EditHeader title={title} backTo={backTo} canSave={canWrite} />
      <Fields member={member} canWrite={canWrite} currentId={record.id} />
    </Form>
  );
}

function EditNonAssessment({ id }: { id: string }) {
  const from = useFrom();
  return (
    <PaperLayout testId="non-assessment-form" historyResource="nonassessments" id={id}>
      <EditBase
        key={id}
        resource="nonassessments"
        id={id}
        mutationMode="pessimistic"
        transform={(data: RaRecord) => nonAssessmentToApi(data, String(data.member))}
        redirect={(_resource, _id, data) => from ?? `/member/${encodeURIComponent(String((data as RaRecord | undefined)?.member ?? ''))}`}
      >
        <EditForm />
      </EditBase>
    </PaperLayout>
  );
}

/** `/non-assessments/new/member/{member}` (record) and `/non-assessment/{id}` (correct, with the history; singular as SPEC 2). */
export default function NonAssessmentForm() {
  const params = useParams();
  if (params.member) return <NewNonAssessment memberId={params.member} />;
  return <EditNonAssessment id={params.id ?? ''} />;
}
