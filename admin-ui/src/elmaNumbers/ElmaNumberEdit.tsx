import type { ElmaProcess } from '@coop/contracts/console';
import { Alert, Card, CardContent, Grid } from '@mui/material';
import { useParams } from 'react-router-dom';
import { CreateBase, EditBase, Form, SelectInput, TextInput, useEditContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EditHeader } from '../common/EditHeader';
import { PageLoading } from '../layout/PageLoading';
import { can, useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { useIdempotencyKey } from '../data/idempotency';

const PROCESSES = [
  { id: 'fs', name: 'coop.elma.fs' },
  { id: 'km', name: 'coop.elma.km' },
] satisfies ReadonlyArray<{ id: ElmaProcess; name: string }>;

function Fields({ readOnly }: { readOnly: boolean }) {
  const process = useWatch({ name: 'elmaProcess' }) as unknown;
  const hint = process === 'fs' ? 'coop.elma.numberHintFs' : process === 'km' ? 'coop.elma.numberHintKm' : ' ';
  return (
    <CardContent sx={{ px: 3 }}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="elmaProcess"
            choices={PROCESSES}
            fullWidth
            readOnly={readOnly}
            data-testid="elma-process"
            emptyText=""
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="elmaNumber"
            fullWidth
            readOnly={readOnly}
            helperText={hint}
            slotProps={{ htmlInput: { 'data-testid': 'elma-number', inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </Grid>
      </Grid>
    </CardContent>
  );
}

function EditForm({ canWrite }: { canWrite: boolean }) {
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
  return (
    <Form record={record} warnWhenUnsavedChanges={false}>
      <EditHeader
        title={translate('coop.title.elmaNumber')}
        backTo="/administration"
        canSave={canWrite}
        canDelete={canWrite}
        deleteRedirect="/administration"
        recordName={String(record.elmaNumber ?? '')}
      />
      {canWrite ? null : (
        <Alert severity="info" sx={{ mx: 3, mt: 2 }}>
          {translate('coop.edit.readOnly')}
        </Alert>
      )}
      <Fields readOnly={!canWrite} />
    </Form>
  );
}

/** `/elma-number/new` and `/elma-number/{id}`: the approval number form; back and after saving: administration. */
export default function ElmaNumberEdit() {
  const { id = 'new' } = useParams();
  const translate = useTranslate();
  const canWrite = can(useSession(), 'elmanumbers:write');
  const leave = useLeaveWhenSaved('/administration', {
    resource: 'elmanumbers',
    action: id === 'new' ? 'created' : 'updated',
    redirect: '/administration',
  });
  // One key per create form shown (decision 421): a double click or a retry adds the number once.
  const idempotencyKey = useIdempotencyKey();
  return (
    <Card component="section" data-testid="elma-form" sx={{ maxWidth: 800, mx: 'auto' }}>
      {id === 'new' ? (
        <CreateBase
          resource="elmanumbers"
          record={{ elmaProcess: 'fs', elmaNumber: '' }}
          redirect="/administration"
          mutationOptions={{ ...leave, meta: { idempotencyKey } }}
        >
          <Form warnWhenUnsavedChanges={false}>
            <EditHeader title={translate('coop.title.newElmaNumber')} backTo="/administration" canSave={canWrite} />
            <Fields readOnly={!canWrite} />
          </Form>
        </CreateBase>
      ) : (
        <EditBase
          key={id}
          resource="elmanumbers"
          id={id}
          mutationMode="pessimistic"
          redirect="/administration"
          mutationOptions={leave}
        >
          <EditForm canWrite={canWrite} />
        </EditBase>
      )}
    </Card>
  );
}
