import { Alert, CardContent, Grid, InputAdornment, Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useGetOne, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateTextInput } from '../common/DateTextInput';
import { requiredField } from '../common/requiredField';
import { centsToDecimal, formatDate, formatMoney, parseEuroToCents } from '../format';
import { memberLabel, today, type MemberRecord } from '../members/model';
import { useMemberDashboard } from '../members/queries';
import {
  EXEMPTION_ORDER_TYPES,
  allowanceLimit,
  exemptionEndYears,
  exemptionOrderBar,
  exemptionStartYears,
  orderTaxIdWarnings,
  recordedSpouse,
  saversAllowance,
  startOfYear,
  yearChoices,
  yearOf,
  UNTIL_REVOKED,
  type ExemptionOrderRecord,
} from './model';
import { exemptionOrderToApi } from './toApi';
import { MemberLine, OtherPapers } from './PaperLayout';
import { PaperForm, type PaperKind } from './PaperForm';
import { ExemptionOrderTable } from './parts';

const numFormat = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numParse = (v: string) => (v === '' ? null : Number(v));
/** Amounts arrive as integer cents and are typed in euro; the text stays text until it is sent. */
const formatEuro = (value: unknown): string =>
  typeof value === 'number' ? centsToDecimal(value) : typeof value === 'string' ? value : '';
const parseText = (value: string): string => value;
const validateEuro = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && parseEuroToCents(value) === null
    ? 'coop.validation.invalidAmount'
    : undefined;

/**
 * The spouse a joint order covers: the one recorded in the member's master data (a member or not); without one, a
 * joint order is refused (the API's jointOrderNeedsSpouse), said here before saving.
 */
function JointSpouse({ member, linked }: { member: MemberRecord | undefined; linked: MemberRecord | undefined }) {
  const translate = useTranslate();
  const spouse = recordedSpouse(member);
  if (!member) return null;
  if (!spouse)
    return (
      <Alert severity="warning" data-testid="exemption-order-no-spouse">
        {translate('coop.taxPapers.jointNoSpouse')}
      </Alert>
    );
  const name = linked ? memberLabel(linked) : spouse.name;
  return (
    <Typography variant="body2" sx={{ mt: { md: 1 } }} data-testid="exemption-order-spouse">
      {translate('coop.taxPapers.jointCovers', { name })}
    </Typography>
  );
}

/** Why the member cannot give an order, and the missing tax ids of this order (it is kept, but the closure will refuse it). */
function Warnings({
  member,
  linked,
  joint,
}: {
  member: MemberRecord | undefined;
  linked: MemberRecord | undefined;
  joint: boolean;
}) {
  const translate = useTranslate();
  const bar = exemptionOrderBar(member);
  if (bar) {
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="exemption-order-barred">
        {translate(
          bar === 'legalEntity'
            ? 'coop.taxPapers.noExemptionOrderLegalEntity'
            : 'coop.taxPapers.noExemptionOrderNonResident',
        )}
      </Alert>
    );
  }
  // Without a recorded spouse the joint order is refused anyway (JointSpouse says so): no warning about the spouse's tax id.
  const { memberTaxIdMissing, spouseTaxIdMissing } = orderTaxIdWarnings(
    member,
    linked,
    joint && recordedSpouse(member) !== null,
  );
  if (!memberTaxIdMissing && !spouseTaxIdMissing) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="exemption-order-taxid-warning-form">
      {memberTaxIdMissing ? <div>{translate('coop.taxPapers.memberTaxIdMissing')}</div> : null}
      {spouseTaxIdMissing ? <div>{translate('coop.taxPapers.spouseTaxIdMissing')}</div> : null}
    </Alert>
  );
}

/** The allowance of the chosen years, single or joint: the most the order may exempt (the API decides). */
function AllowanceHint() {
  const translate = useTranslate();
  const joint = useWatch({ name: 'joint' }) === true;
  const startYear = yearOf(useWatch({ name: 'startDate' }));
  const endYear = yearOf(useWatch({ name: 'endDate' }));
  if (startYear === null) return null;
  const { limit, year } = allowanceLimit(startYear, endYear, joint);
  const a = saversAllowance(year);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: { md: 1 } }} data-testid="exemption-order-allowance">
      {translate('coop.taxPapers.allowanceLimit', { amount: formatMoney(limit), year })}
      <br />
      {translate('coop.taxPapers.allowanceHint', { single: formatMoney(a.single), joint: formatMoney(a.joint), year })}
    </Typography>
  );
}

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
  const joint = useWatch({ name: 'joint' }) === true;
  const startDate = useWatch({ name: 'startDate' }) as unknown;
  const endDate = useWatch({ name: 'endDate' }) as unknown;
  const thisYear = Number(today().slice(0, 4));
  const dashboard = useMemberDashboard(member?.id ?? '');
  const orders = dashboard.data?.exemptionOrder ?? [];
  const others = orders.filter((o) => o.id !== currentId);
  const ro = !canWrite;
  const linkedId = recordedSpouse(member)?.linked ?? '';
  const { data: linked } = useGetOne<MemberRecord>('members', { id: linkedId }, { enabled: linkedId !== '' });
  return (
    <CardContent sx={{ px: 3 }}>
      <MemberLine member={member} isNew={!currentId} canWrite={canWrite} />
      <Warnings member={member} linked={linkedId !== '' ? linked : undefined} joint={joint} />
      <Grid container columnSpacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="type"
            choices={EXEMPTION_ORDER_TYPES.map((t) => ({ id: String(t), name: `coop.taxPapers.exemptionTypes.${t}` }))}
            format={numFormat}
            parse={numParse}
            validate={requiredField}
            fullWidth
            readOnly={ro}
            data-testid="exemption-order-type"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateTextInput source="date" fullWidth readOnly={ro} validate={requiredField} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <BooleanInput source="joint" helperText="coop.taxPapers.jointHint" readOnly={ro} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {joint ? <JointSpouse member={member} linked={linkedId !== '' ? linked : undefined} /> : null}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="amount"
            fullWidth
            format={formatEuro}
            parse={parseText}
            validate={[requiredField, validateEuro]}
            readOnly={ro}
            helperText="coop.taxPapers.amountHint"
            slotProps={{
              htmlInput: { 'data-testid': 'exemption-order-amount', inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <AllowanceHint />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="startDate"
            choices={yearChoices(exemptionStartYears(thisYear), 'start', startDate, formatDate)}
            validate={requiredField}
            helperText="coop.taxPapers.fromJanuary"
            fullWidth
            readOnly={ro}
            data-testid="exemption-order-startDate"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="endDate"
            choices={[
              { id: UNTIL_REVOKED, name: 'coop.taxPapers.untilRevoked' },
              ...yearChoices(exemptionEndYears(thisYear), 'end', endDate, formatDate),
            ]}
            validate={requiredField}
            helperText="coop.taxPapers.toDecemberOrRevoked"
            fullWidth
            readOnly={ro}
            data-testid="exemption-order-endDate"
          />
        </Grid>
      </Grid>
      {member && (others.length > 0 || currentId) ? (
        <OtherPapers title={translate('coop.taxPapers.otherOrders')} ids={others.map((o) => o.id)}>
          {(highlight) => (
            <ExemptionOrderTable
              rows={orders}
              canWrite={canWrite}
              currentId={currentId}
              highlightId={highlight}
              testId="exemption-order-others"
            />
          )}
        </OtherPapers>
      ) : null}
    </CardContent>
  );
}

const EXEMPTION_ORDER: PaperKind<ExemptionOrderRecord> = {
  resource: 'exemptionorders',
  testId: 'exemption-order-form',
  newTitle: 'coop.title.newExemptionOrderFor',
  editTitle: 'coop.title.exemptionOrderOf',
  newRecord: (member) => {
    return {
      member: member.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: '',
      date: today(),
      startDate: startOfYear(Number(today().slice(0, 4))),
      endDate: UNTIL_REVOKED,
    };
  },
  toForm: (record) => ({ ...record, endDate: record.endDate ?? UNTIL_REVOKED }),
  toApi: exemptionOrderToApi,
  Fields,
};

/** `/exemption-orders/new/member/{member}` (record) and `/exemption-orders/{id}` (correct, with the history). */
export default function ExemptionOrderForm() {
  return <PaperForm kind={EXEMPTION_ORDER} />;
}
