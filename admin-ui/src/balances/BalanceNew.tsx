import { Alert, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  CreateBase,
  Form,
  NumberInput,
  required,
  useGetOne,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DateTextInput } from '../common/DateTextInput';
import { InterestBeginDefault } from '../common/InterestBeginDefault';
import { EditHeader } from '../common/EditHeader';
import { InfoList } from '../common/Section';
import { amountPreview, formatCount, formatMoney } from '../format';
import { LoadFailed, NotFound } from '../layout/AccessDenied';
import { PageTitle } from '../layout/PageTitle';
import { PageLoading } from '../layout/PageLoading';
import { MemberLookupInput } from '../members/MemberLookup';
import {
  ACTION_TYPES,
  OUTGOING_TYPES,
  isExitType,
  memberLabel,
  postingsClosed,
  today,
  type MemberRecord,
} from '../members/model';
import { useCooperative } from '../members/useCooperative';
import { can, useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { isNoticeType, NoticeFields } from './NoticeFields';
import { euroTextToCents } from '../share-payments/model';
import { PaidInput } from '../share-payments/PaidInput';
import { TransferPreview } from './TransferPreview';
import { useIdempotencyKey } from '../data/idempotency';

const FORM_ID = 'balance-form';

/** A transfer names its target before it is saved (the API's `selectTarget`, said at the field at once). */
const chosenTarget = required('coop.validation.selectTarget');

const wholeNumber = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1)
    ? undefined
    : 'coop.validation.wholeNumber';

function AmountPreview({ type }: { type: number }) {
  const translate = useTranslate();
  const quantity = useWatch({ name: 'quantity' }) as unknown;
  const { data: coop } = useCooperative();
  const price = coop?.balanceCost;
  if (typeof price !== 'number' || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
    return null;
  const outgoing = (OUTGOING_TYPES as readonly number[]).includes(type);
  return (
    <Typography variant="body1" sx={{ mt: 2, fontVariantNumeric: 'tabular-nums' }} data-testid="balance-amount-preview">
      {translate('coop.balances.amountPreview', amountPreview(quantity, price, outgoing))}
    </Typography>
  );
}

function PostingForm({ type, member }: { type: number; member: MemberRecord }) {
  const translate = useTranslate();
  const { save, saving } = useSaveContext();
  const exit = isExitType(type);
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const closed = postingsClosed(member);
  const canWrite = can(useSession(), 'members:write');
  const typeName = postingTypeName(translate, type, member);
  const notice = isNoticeType(type);

  const onSubmit = async (values: Record<string, unknown>) => {
    if (exit && !confirmed.current) {
      setConfirming(true);
      return undefined;
    }
    confirmed.current = false;
    setConfirming(false);
    return save?.(values);
  };

  return (
    <Form id={FORM_ID} onSubmit={onSubmit} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
      <PageTitle title={translate('coop.title.newBalance', { type: typeName })} />
      <EditHeader
        title={translate('coop.title.newBalance', { type: typeName })}
        backTo={`/member/${encodeURIComponent(member.id)}`}
        canSave={!closed && canWrite}
      />
      <CardContent sx={{ px: 3 }}>
        {exit ? null : <InterestBeginDefault from="date" />}
        {closed ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="balance-member-exited">
            {translate('coop.validation.memberHasExited')}
          </Alert>
        ) : null}
        <InfoList
          testId="balance-member"
          rows={[
            [translate('resources.balances.fields.member'), memberLabel(member), 'balance-member-name'],
            [translate('resources.balances.fields.type'), typeName, 'balance-type'],
            [
              translate('coop.members.cards.holdingLabel'),
              translate('coop.members.cards.holdingNominal', {
                smart_count: member.shareAmount ?? 0,
                shares: formatCount(member.shareAmount ?? 0),
                amount: formatMoney(member.shareTotalEUR ?? 0),
              }),
            ],
          ]}
        />
        <Grid container columnSpacing={2} sx={{ mt: 1 }}>
          {exit ? (
            <Grid size={{ xs: 12 }}>
              <Alert severity="warning" sx={{ my: 1 }} data-testid="balance-exit-warning">
                {translate('coop.balances.wholeHolding', {
                  smart_count: member.shareAmount ?? 0,
                  shares: formatCount(member.shareAmount ?? 0),
                  amount: formatMoney(member.shareTotalEUR ?? 0),
                })}{' '}
                {translate('coop.balances.exitWarning')}
              </Alert>
            </Grid>
          ) : (
            <>
              <Grid size={{ xs: 12, sm: 4, md: 3 }}>
                <NumberInput
                  source="quantity"
                  fullWidth
                  min={1}
                  step={1}
                  validate={wholeNumber}
                  readOnly={closed}
                  slotProps={{ htmlInput: { 'data-testid': 'balance-quantity' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 8, md: 9 }}>
                <AmountPreview type={type} />
                {type === 3 ? <TransferPreview member={member} /> : null}
              </Grid>
              {type === 1 ? (
                <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                  <PaidInput testId="balance-paid" />
                </Grid>
              ) : null}
            </>
          )}
          {type === 3 ? (
            <Grid size={{ xs: 12, md: 8 }}>
              <MemberLookupInput
                source="transferTo"
                label={translate('resources.balances.fields.transferTo')}
                excludeId={member.id}
                testId="balance-transferTo"
                validate={chosenTarget}
              />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12 }} />
          {notice ? (
            <NoticeFields type={type} member={member} readOnly={closed} />
          ) : (
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateTextInput source="date" fullWidth readOnly={closed} />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateTextInput source="approvalDate" fullWidth readOnly={closed} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateTextInput source="interestBegin" fullWidth readOnly={closed} />
          </Grid>
        </Grid>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        busy={saving}
        title={translate('coop.balances.confirmExitTitle', { type: typeName, member: memberLabel(member) })}
        content={`${translate('coop.balances.wholeHolding', { smart_count: member.shareAmount ?? 0, shares: formatCount(member.shareAmount ?? 0), amount: formatMoney(member.shareTotalEUR ?? 0) })} ${translate('coop.balances.exitWarning')}`}
        confirmLabel={translate('coop.balances.confirmExit')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          confirmed.current = true;
          (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
        }}
      />
    </Form>
  );
}

/** The type's name; a legal entity's death (6) is its dissolution (§ 77a GenG). */
export function postingTypeName(
  translate: (key: string) => string,
  type: number,
  member: Pick<MemberRecord, 'legalForm'>,
): string {
  return type === 6 && member.legalForm === 1
    ? translate('coop.balances.dissolution')
    : translate(`coop.balances.types.${type}`);
}

/**
 * `/balances/new/type/{type}/member/{member}` for types 1, 2, 3, 6, 7, 8 (SPEC 2); death, exclusion and exit are confirmed
 * first. Types 2, 6, 7, 8 take the notice date and take effect at the end of a financial year (issue 22): the API dates
 * the posting itself, so `date` is sent as the notice date.
 */
export default function BalanceNew() {
  const params = useParams();
  const type = Number(params.type);
  const memberId = params.member ?? '';
  const leave = useLeaveWhenSaved(`/member/${encodeURIComponent(memberId)}`, {
    resource: 'balances',
    action: 'created',
    redirect: `/member/${encodeURIComponent(memberId)}`,
  });
  // One key per form shown (decision 297): a double click or a retry posts once.
  const idempotencyKey = useIdempotencyKey();
  const {
    data: member,
    isPending,
    error,
  } = useGetOne<MemberRecord>('members', { id: memberId }, { enabled: !!memberId });
  if (!(ACTION_TYPES as readonly number[]).includes(type)) return <NotFound />;
  if (isPending) return <PageLoading />;
  if (error || !member) return <LoadFailed error={error} />;
  const exit = isExitType(type);
  const record = {
    member: member.id,
    type,
    quantity: exit ? (member.shareAmount ?? 0) : 1,
    ...(type === 3 ? { transferTo: null } : {}),
    ...(isNoticeType(type)
      ? {
          noticeDate: today(),
          ...(type === 7 ? { dispatchDate: null } : {}),
          ...(type === 8 ? { extraordinary: false, extraordinaryReason: null } : {}),
        }
      : {}),
    date: today(),
    approvalDate: today(),
    interestBegin: today(),
  };
  return (
    <Box>
      <Card component="section" data-testid="balance-form" sx={{ maxWidth: 900, mx: 'auto' }}>
        <CreateBase
          resource="balances"
          record={record}
          transform={({ extraordinary, extraordinaryReason, ...data }: RaRecord) => ({
            ...data,
            member: member.id,
            type,
            ...(isNoticeType(type) ? { date: data.noticeDate } : {}),
            ...(type === 8 ? { extraordinaryReason: extraordinary === true ? extraordinaryReason : null } : {}),
            // Additional shares paid in part (issue 45): the euros typed, as cents.
            ...(type === 1 ? { paid: euroTextToCents(data.paid) } : {}),
          })}
          redirect={() => `/member/${encodeURIComponent(member.id)}`}
          mutationOptions={{ ...leave, meta: { idempotencyKey } }}
        >
          <PostingForm type={type} member={member} />
        </CreateBase>
      </Card>
    </Box>
  );
}
