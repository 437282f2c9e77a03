import { Alert, CardContent, Grid } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateTextInput } from '../common/DateTextInput';
import { requiredField } from '../common/requiredField';
import { formatDate } from '../format';
import { today, type MemberRecord } from '../members/model';
import { useMemberDashboard } from '../members/queries';
import {
  NON_ASSESSMENT_TYPES,
  endOfYear,
  exemptionOrderBar,
  nonAssessmentYears,
  startOfYear,
  yearChoices,
  type NonAssessmentRecord,
} from './model';
import { nonAssessmentToApi } from './toApi';
import { MemberLine, OtherPapers } from './PaperLayout';
import { PaperForm, type PaperKind } from './PaperForm';
import { NonAssessmentTable } from './parts';
import { TEXT_MAX } from '@coop/contracts/console';

const numFormat = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numParse = (v: string) => (v === '' ? null : Number(v));
const tid = (id: string, maxLength?: number) => ({
  htmlInput: { 'data-testid': `non-assessment-${id}`, ...(maxLength ? { maxLength } : {}) },
});

function Fields({
  member,
  canWrite,
  currentId,
}: {
  member: MemberRecord | undefined;
  canWrite: boolean;
  currentId?: string;
}) {
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
      {/* A member abroad holds no certificate that exempts (DOMAIN 2.8; the API refuses types 100 and 60). */}
      {exemptionOrderBar(member) === 'nonResident' ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="non-assessment-non-resident">
          {translate('coop.taxPapers.nvNonResident')}
        </Alert>
      ) : null}
      <Grid container columnSpacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12 }}>
          <SelectInput
            source="type"
            choices={NON_ASSESSMENT_TYPES.map((t) => ({ id: String(t), name: `coop.taxPapers.nvTypes.${t}` }))}
            format={numFormat}
            parse={numParse}
            validate={requiredField}
            fullWidth
            readOnly={ro}
            data-testid="non-assessment-type"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="orderNumber"
            fullWidth
            readOnly={ro}
            validate={requiredField}
            helperText="coop.taxPapers.orderNumberHint"
            slotProps={tid('orderNumber', TEXT_MAX.reference)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="taxAuthorities"
            fullWidth
            readOnly={ro}
            validate={requiredField}
            slotProps={tid('taxAuthorities', TEXT_MAX.authority)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateTextInput source="date" fullWidth readOnly={ro} validate={requiredField} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="original" helperText="coop.taxPapers.originalHint" readOnly={ro} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="startDate"
            choices={yearChoices(years, 'start', startDate, formatDate)}
            validate={requiredField}
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
            validate={requiredField}
            helperText="coop.taxPapers.toDecember"
            fullWidth
            readOnly={ro}
            data-testid="non-assessment-endDate"
          />
        </Grid>
      </Grid>
      {member && (others.length > 0 || currentId) ? (
        <OtherPapers title={translate('coop.taxPapers.otherCertificates')} ids={others.map((n) => n.id)}>
          {(highlight) => (
            <NonAssessmentTable
              rows={certificates}
              canWrite={canWrite}
              currentId={currentId}
              highlightId={highlight}
              testId="non-assessment-others"
            />
          )}
        </OtherPapers>
      ) : null}
    </CardContent>
  );
}

const NON_ASSESSMENT: PaperKind<NonAssessmentRecord> = {
  resource: 'nonassessments',
  testId: 'non-assessment-form',
  newTitle: 'coop.title.newNonAssessmentFor',
  editTitle: 'coop.title.nonAssessmentOf',
  newRecord: (member) => {
    const year = Number(today().slice(0, 4));
    // A certificate is valid for at most 3 years and ends on 31 December: this year and the two following.
    return {
      member: member.id,
      type: 100,
      orderNumber: '',
      taxAuthorities: '',
      date: today(),
      startDate: startOfYear(year),
      endDate: endOfYear(year + 2),
      original: false,
    };
  },
  toForm: (record) => ({ ...record, original: record.original === true }),
  toApi: nonAssessmentToApi,
  Fields,
};

/** `/non-assessments/new/member/{member}` (record) and `/non-assessment/{id}` (correct, with the history; singular as SPEC 2). */
export default function NonAssessmentForm() {
  return <PaperForm kind={NON_ASSESSMENT} />;
}
