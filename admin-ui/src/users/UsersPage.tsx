import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, Card, CardHeader, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { memo, useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { USERS_LIST } from '../data/firstLists';
import { useServerList, type ServerList } from '../data/useServerList';
import { PageLoading } from '../layout/Layout';
import { UserForm } from './UserForm';

export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly roles: string[];
  readonly cooperative?: string;
}

/**
 * `/users/{id?}`: the list on the left, the form on the right; without an id the first user opens (in place,
 * as soon as the list is there; the address then becomes `/users/{first id}`, or `/users/new` without users).
 */
export default function UsersPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const list = useServerList<UserRecord>('users', USERS_LIST);
  const selectedId = id ?? (list.isPending ? undefined : (list.data[0]?.id ?? 'new'));

  useEffect(() => {
    if (!id && selectedId) void navigate(`/users/${encodeURIComponent(selectedId)}`, { replace: true });
  }, [id, selectedId, navigate]);

  if (!selectedId) return <PageLoading />;
  return (
    <Grid container spacing={3} alignItems="flex-start">
      <Grid size={{ xs: 12, md: 5 }}>
        <UserList list={list} selectedId={selectedId} />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <UserForm key={selectedId} id={selectedId} listed={list.data.find((u) => u.id === selectedId)} />
      </Grid>
    </Grid>
  );
}

/** Roles as a compact list; administrators first so the important role is visible at a glance. */
const ROLE_ORDER = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS', 'ROLE_USER', 'ROLE_RESTRICTED_USER', 'ROLE_CHANGE_OWN_PASSWORD', 'ROLE_ALLOWED_TO_SWITCH'];

function RoleList({ roles }: { roles: readonly string[] }) {
  const translate = useTranslate();
  const rank = (r: string) => (ROLE_ORDER.includes(r) ? ROLE_ORDER.indexOf(r) : ROLE_ORDER.length);
  const sorted = [...roles].sort((a, b) => rank(a) - rank(b));
  return (
    <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
      {sorted.map((r) => translate(`coop.roles.${r}`, { _: r })).join(', ')}
    </Typography>
  );
}

/** Memoised, like the form: the address becoming `/users/{first id}` redraws neither. */
const UserList = memo(function UserList({ list, selectedId }: { list: ServerList<UserRecord>; selectedId: string }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="users-list-title" data-testid="users-list">
      <CardHeader
        id="users-list-title"
        title={translate('coop.users.list')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        action={
          <Button component={RouterLink} to="/users/new" startIcon={<AddIcon />} variant="contained" size="small" data-testid="users-add">
            {translate('coop.list.add')}
          </Button>
        }
        sx={{ pb: 0 }}
      />
      <ListSearch list={list} name="users" />
      <Table size="small" aria-labelledby="users-list-title" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <SortHeader list={list} field="username" label={translate('resources.users.fields.username')} width="38%" />
            <TableCell sx={{ fontWeight: 600 }}>{translate('resources.users.fields.roles')}</TableCell>
            <TableCell sx={{ width: 112 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.map((user) => {
            const selected = user.id === selectedId;
            return (
              <TableRow key={user.id} selected={selected} hover data-testid="users-row" data-username={user.username}>
                <TableCell sx={{ fontWeight: selected ? 600 : 400, overflowWrap: 'anywhere', verticalAlign: 'top' }}>{user.username}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <RoleList roles={user.roles} />
                </TableCell>
                <TableCell align="right" sx={{ pr: 1, verticalAlign: 'top', py: 0.5 }}>
                  <Button
                    component={RouterLink}
                    to={`/users/${encodeURIComponent(user.id)}`}
                    size="small"
                    endIcon={<ChevronRightIcon />}
                    aria-label={`${translate('coop.list.details')}: ${user.username}`}
                    data-testid={`user-details-${user.username}`}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {translate('coop.list.details')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
          {!list.isPending && list.data.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3}>
                <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                  {translate('coop.list.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <ListPagination list={list} name="users" />
    </Card>
  );
});
