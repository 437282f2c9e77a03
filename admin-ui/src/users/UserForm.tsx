import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { CreateBase, EditBase, Form, useEditContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { NEW_USER_ROLES, PASSWORD_MIN_LENGTH, grantableRoles } from '@coop/contracts/console';
import { EditHeader } from '../common/EditHeader';
import { fetchOptions, takePreloadedOptions } from '../data/dataProvider';
import { PageLoading } from '../layout/PageLoading';
import { Icon } from '../plain/icons';
import { PlainSelectArrayInput, PlainTextInput, type Choice } from '../plain/inputs';
import { useSession } from '../session/session';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';
import { TEXT_MAX } from '@coop/contracts/console';

/** MUI's alert, for a user that could not be read: loaded then, not with the first screen (issue 43). */
const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * Role options from `GET /users/options?attribute=roles` (only the roles the signed-in user may grant: the server
 * offers those, and refuses the others anyway), labelled in the clerk's language. The first form takes
 * the options `main.tsx` asked for with the list (rendered with them at once when they have arrived).
 */
function useRoleChoices(): Choice[] {
  const [preloaded] = useState(() => takePreloadedOptions('users', 'roles'));
  const [choices, setChoices] = useState<Choice[]>(() => preloaded?.value ?? []);
  const notify = useNotify();
  useEffect(() => {
    if (preloaded?.value) return;
    let live = true;
    (preloaded?.promise ?? fetchOptions('users', 'roles'))
      .then((c) => live && setChoices(c))
      .catch((e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [notify, preloaded]);
  return choices;
}

/** Both password fields always go to the API ('' = unchanged on update). */
const transform = (data: RaRecord) => ({
  ...data,
  password: data.password ?? '',
  passwordRepeat: data.passwordRepeat ?? '',
});

/** The fields in plain elements (`plain/inputs.tsx`): the form is half of the console's usual first screen (decision 26). */
function Fields({ isNew }: { isNew: boolean }) {
  const translate = useTranslate();
  const choices = useRoleChoices();
  const labelled = useMemo(
    () => choices.map((c) => ({ id: c.id, name: translate(`coop.roles.${c.id}`, { _: c.name }) })),
    [choices, translate],
  );
  return (
    <div className="cl-form-fields">
      <PlainTextInput
        source="username"
        autoComplete="off"
        testId="user-username"
        maxLength={TEXT_MAX.username}
        className="cl-span"
      />
      <PlainTextInput
        source="password"
        password
        autoComplete="new-password"
        testId="user-password"
        maxLength={TEXT_MAX.password}
      />
      <PlainTextInput
        source="passwordRepeat"
        password
        autoComplete="new-password"
        testId="user-password-repeat"
        maxLength={TEXT_MAX.password}
      />
      <div className="cl-notice cl-span" role="alert">
        <div className="cl-notice-icon">
          <Icon name="infoOutlined" />
        </div>
        <div className="cl-notice-text" data-testid="user-password-hint">
          {translate(isNew ? 'coop.users.newPasswordHint' : 'coop.users.passwordHint')}{' '}
          {translate('coop.users.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        </div>
      </div>
      <PlainSelectArrayInput source="roles" choices={labelled} testId="user-roles" className="cl-span" />
    </div>
  );
}

function EditForm() {
  const { record, isPending, error } = useEditContext();
  const translate = useTranslate();
  const session = useSession();
  if (isPending) return <PageLoading />;
  if (error || !record) {
    return (
      <Suspense fallback={null}>
        <Alert severity="error" sx={{ m: 2 }}>
          {translate('coop.edit.loadFailed', { message: error instanceof Error ? error.message : '' })}
        </Alert>
      </Suspense>
    );
  }
  const username = String(record.username ?? '');
  return (
    <Form record={record} warnWhenUnsavedChanges={false}>
      <EditHeader
        title={translate('coop.title.user', { name: username })}
        backTo="/"
        canDelete={record.id !== session?.sub}
        deleteRedirect="/users"
        recordName={username}
      />
      <Fields isNew={false} />
    </Form>
  );
}

/** `listed`: the user as the list shows it, displayed at once while the form loads the record itself. */
export const UserForm = memo(function UserForm({ id, listed }: { id: string; listed?: RaRecord | undefined }) {
  const translate = useTranslate();
  const session = useSession();
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: ['users'] });
  const leave = useLeaveWhenSaved('/users', {
    resource: 'users',
    action: id === 'new' ? 'created' : 'updated',
    redirect:
      id === 'new'
        ? (_resource, newId) => {
            refreshList();
            return `/users/${encodeURIComponent(String(newId))}`;
          }
        : false,
  });
  if (id === 'new') {
    // The proposed roles, of those the signed-in user may grant (the API refuses the others: `rolesNotHeld`).
    const grantable = grantableRoles(session?.roles ?? []);
    const roles = NEW_USER_ROLES.filter((role) => grantable.includes(role));
    return (
      <section className="cl-card" data-testid="user-form">
        <CreateBase
          resource="users"
          record={{ username: '', password: '', passwordRepeat: '', roles }}
          transform={transform}
          redirect={(_resource, newId) => {
            refreshList();
            return `/users/${encodeURIComponent(String(newId))}`;
          }}
          mutationOptions={leave}
        >
          <Form warnWhenUnsavedChanges={false}>
            <EditHeader title={translate('coop.title.newUser')} backTo="/" />
            <Fields isNew />
          </Form>
        </CreateBase>
      </section>
    );
  }
  return (
    <section className="cl-card" data-testid="user-form">
      <EditBase
        resource="users"
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={leave}
        transform={transform}
        queryOptions={listed ? { placeholderData: listed } : {}}
      >
        <div>
          <EditForm />
        </div>
      </EditBase>
    </section>
  );
});
