import { ROLE_DISPLAY_ORDER, type UserDto } from '@coop/contracts/console';
import { memo, useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { PlainSortHeader } from '../common/PlainSortHeader';
import { USERS_LIST } from '../data/firstLists';
import { useServerList, type ServerList } from '../data/useServerList';
import { PageLoading } from '../layout/PageLoading';
import { Icon } from '../plain/icons';
import { UserForm } from './UserForm';

/** A user as the API answers it (contracts `UserDto`). */
export type UserRecord = UserDto;

/**
 * `/users/{id?}`: the list on the left, the form on the right; without an id the first user opens (in place,
 * as soon as the list is there; the address then becomes `/users/{first id}`, or `/users/new` without users).
 * The console's usual first screen: plain elements styled by `plain/plain.css` instead of MUI components (decision 26).
 */
export default function UsersPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  // The list's state is in the query string (useServerList): choosing a user keeps it.
  const { search } = useLocation();
  const list = useServerList<UserRecord>('users', USERS_LIST);
  const selectedId = id ?? (list.isPending ? undefined : (list.data[0]?.id ?? 'new'));

  useEffect(() => {
    if (!id && selectedId) void navigate(`/users/${encodeURIComponent(selectedId)}${search}`, { replace: true });
  }, [id, selectedId, navigate, search]);

  if (!selectedId) return <PageLoading />;
  return (
    <div className="cl-users">
      <div className="cl-users-list">
        <UserList list={list} selectedId={selectedId} />
      </div>
      <div className="cl-users-form">
        <UserForm key={selectedId} id={selectedId} listed={list.data.find((u) => u.id === selectedId)} />
      </div>
    </div>
  );
}

/** Roles as a compact list; administrators first so the important role is visible at a glance. */
const ROLE_ORDER: readonly string[] = ROLE_DISPLAY_ORDER;

function roleList(roles: readonly string[], translate: (key: string, options?: { _: string }) => string): string {
  const rank = (r: string) => (ROLE_ORDER.includes(r) ? ROLE_ORDER.indexOf(r) : ROLE_ORDER.length);
  return [...roles]
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => translate(`coop.roles.${r}`, { _: r }))
    .join(', ');
}

/** Memoised, like the form: the address becoming `/users/{first id}` redraws neither. */
const UserList = memo(function UserList({ list, selectedId }: { list: ServerList<UserRecord>; selectedId: string }) {
  const translate = useTranslate();
  const { search } = useLocation();
  const details = translate('coop.list.details');
  return (
    <section className="cl-card" aria-labelledby="users-list-title" data-testid="users-list">
      <div className="cl-card-header">
        <h1 id="users-list-title" className="cl-card-title">
          {translate('coop.users.list')}
        </h1>
        <div className="cl-card-action">
          <RouterLink to="/users/new" className="cl-btn cl-btn-contained cl-btn-sm" data-testid="users-add">
            <span className="cl-btn-start">
              <Icon name="add" />
            </span>
            {translate('coop.list.add')}
          </RouterLink>
        </div>
      </div>
      <ListSearch list={list} name="users" />
      <table className="cl-table" aria-labelledby="users-list-title">
        <thead>
          <tr>
            <PlainSortHeader
              list={list}
              field="username"
              label={translate('resources.users.fields.username')}
              width="38%"
            />
            <th>{translate('resources.users.fields.roles')}</th>
            <th style={{ width: 112 }}>
              <span className="cl-visually-hidden">{translate('coop.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((user) => {
            const selected = user.id === selectedId;
            return (
              <tr
                key={user.id}
                className={selected ? 'cl-selected' : undefined}
                data-testid="users-row"
                data-username={user.username}
              >
                <td className={selected ? 'cl-top cl-user-name cl-strong' : 'cl-top cl-user-name'}>{user.username}</td>
                <td className="cl-top">
                  <p className="cl-roles">{roleList(user.roles, translate)}</p>
                </td>
                <td className="cl-top cl-details-cell">
                  <RouterLink
                    to={`/users/${encodeURIComponent(user.id)}${search}`}
                    className="cl-btn cl-btn-sm cl-details"
                    aria-label={`${details}: ${user.username}`}
                    data-testid={`user-details-${user.username}`}
                  >
                    {details}
                    <span className="cl-btn-end">
                      <Icon name="chevronRight" />
                    </span>
                  </RouterLink>
                </td>
              </tr>
            );
          })}
          {!list.isPending && list.data.length === 0 ? (
            <tr>
              <td colSpan={3}>
                <p className="cl-empty">{translate('coop.list.empty')}</p>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <ListPagination list={list} name="users" />
    </section>
  );
});
