import { Alert, Card, CardContent, Grid } from '@mui/material';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CreateBase, Form, useGetOne, useSaveContext, useTranslate, type RaRecord } from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DateTextInput } from '../common/DateTextInput';
import { EditHeader } from '../common/EditHeader';
import { LoadFailed } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';
import { formatDate } from '../format';
import { canAnnul, isExitType, today, withdrawEndKey, type BalanceRecord, type MemberRecord } from '../members/model';
import { can, useSession } from '../session/session';
import { BalanceDetails } from './BalanceDetails';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { useIdempotencyKey } from '../data/idempotency';

const FORM_ID = 'annul-form';

function AnnulForm({ original }: { original: BalanceRecord }) {
  const translate = useTranslate();
  const { save, saving } = useSaveContext();
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const allowed = canAnnul(original);
  // Issue 22: annulling an end (or a partial termination) before its effective date withdraws the notice.
  const withdrawal = allowed && (isExitType(original.type) || original.type === 2) && original.date > today();
  const canWrite = can(useSession(), 'members:write');
  // A legal entity's end by type 6 is its dissolution: the member's legal form names the button.
  const { data: member } = useGetOne<MemberRecord>('members', { id: original.member }, { enabled: withdrawal });
  const withdrawLabel = translate(withdrawEndKey(original.type, member?.legalForm));
  const onSubmit = async (values: Record<string, unknown>) => {
    if (!confirmed.current) {
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
      <EditHeader
        title={withdrawal ? withdrawLabel : translate('coop.title.annulBalance')}
        backTo={`/member/${encodeURIComponent(original.member)}`}
        canSave={allowed && canWrite}
      />
      <CardContent sx={{ px: 3 }}>
        <Alert severity={allowed ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="annul-intro">
          {withdrawal
            ? translate('coop.balances.withdrawIntro', { date: formatDate(original.date) })
            : translate(allowed ? 'coop.balances.annulIntro' : 'coop.balances.annulNotAllowed')}
        </Alert>
        <BalanceDetails balance={original} title={translate('coop.balances.original')} />
        {allowed ? (
          <Grid container columnSpacing={2} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateTextInput source="date" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateTextInput source="approvalDate" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateTextInput source="interestBegin" fullWidth />
            </Grid>
          </Grid>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        busy={saving}
        title={
          withdrawal
            ? translate('coop.balances.confirmWithdrawTitle', { action: withdrawLabel })
            : translate('coop.balances.confirmAnnulTitle')
        }
        content={
          withdrawal
            ? translate('coop.balances.withdrawIntro', { date: formatDate(original.date) })
            : translate('coop.balances.annulIntro')
        }
        confirmLabel={withdrawal ? withdrawLabel : translate('coop.balances.confirmAnnul')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          confirmed.current = true;
          (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
        }}
      />
    </Form>
  );
}

/** `/balances/new/type/5/peer/{peer}`: annul a posting (a new type-5 posting that reverses it), after a confirmation. */
export default function BalanceAnnul() {
  const { peer = '' } = useParams();
  const { data: original, isPending, error } = useGetOne<BalanceRecord>('balances', { id: peer }, { enabled: !!peer });
  const backTo = original ? `/member/${encodeURIComponent(original.member)}` : '/balances';
  const leave = useLeaveWhenSaved(backTo, { resource: 'balances', action: 'created', redirect: backTo });
  // One key per form shown (decision 297): a double click or a retry annuls once.
  const idempotencyKey = useIdempotencyKey();
  if (isPending) return <PageLoading />;
  if (error || !original) return <LoadFailed error={error} />;
  return (
    <Card component="section" data-testid="annul-form" sx={{ maxWidth: 900, mx: 'auto' }}>
      <CreateBase
        resource="balances"
        record={{
          member: original.member,
          type: 5,
          annulPeer: original.id,
          date: today(),
          approvalDate: today(),
          interestBegin: today(),
        }}
        transform={(data: RaRecord) => ({
          member: original.member,
          type: 5,
          annulPeer: original.id,
          date: data.date,
          approvalDate: data.approvalDate ?? null,
          interestBegin: data.interestBegin ?? null,
        })}
        redirect={() => `/member/${encodeURIComponent(original.member)}`}
        mutationOptions={{ ...leave, meta: { idempotencyKey } }}
      >
        <AnnulForm original={original} />
      </CreateBase>
    </Card>
  );
}
