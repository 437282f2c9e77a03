import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  Grid,
  Link,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AddressPagination, useAddressPage } from '../common/AddressPagination';
import { formatDateTime } from '../format';
import { api } from '../session/api';
import { headline, notificationsQuery, type NotificationRecord } from './model';
import { NotificationBody, SeenToggle } from './NotificationBody';
import { useMarkSeen, useNotification, useNotifications } from './queries';

/** "Mark all as seen": every unseen notification's id (in pages of the API's limit), then one mark-seen per page. */
function useMarkAllSeen() {
  const markSeen = useMarkSeen();
  return async (): Promise<number> => {
    let marked = 0;
    for (let round = 0; round < 20; round += 1) {
      const res = await api<NotificationRecord[] | null>(notificationsQuery(1, 1000, false));
      const ids =
        res.status === 204 || !Array.isArray(res.body) ? [] : res.body.filter((n) => !n.seen).map((n) => n.id);
      if (ids.length === 0) break;
      await markSeen(ids);
      marked += ids.length;
    }
    return marked;
  };
}

/** The chosen notification beside the list: its headline, time, type, seen toggle and what it says. */
function Detail({ id }: { id: string }) {
  const translate = useTranslate();
  const { data: n, error, isPending } = useNotification(id);
  return (
    <Card component="section" aria-labelledby="notification-detail-title" data-testid="notification-detail">
      <CardHeader
        id="notification-detail-title"
        title={n ? headline(translate, n) : translate('coop.notifications.detail')}
        subheader={
          n ? `${formatDateTime(n.time)} · ${translate(`coop.notifications.types.${n.type}`, { _: n.type })}` : null
        }
        slotProps={{
          title: { variant: 'h6', component: 'h2', 'data-testid': 'notification-detail-headline' } as object,
        }}
        action={n ? <SeenToggle n={n} testId="notification-detail-seen" /> : null}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? <Alert severity="warning">{translate('coop.notifications.notFound')}</Alert> : null}
        {isPending ? null : n ? <NotificationBody n={n} /> : null}
        <Box sx={{ mt: 2 }}>
          <Button component={RouterLink} to="/notifications" size="small" data-testid="notification-back">
            {translate('coop.notifications.back')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * `/notifications/{id?}` (SPEC 2 "Notification list and detail"): the cooperative's notifications, newest first, only the
 * unseen ones unless the switch shows the seen ones too (`filter=seen:0`, SPEC 7); each with its seen toggle; "Mark all as
 * seen"; with an id, the notification beside the list. Page, rows per page and the switch live in the address.
 */
export default function NotificationList() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const at = useAddressPage();
  const { page, perPage, query, change } = at;
  const showSeen = query.get('seen') === '1';
  const { data, error, isFetching } = useNotifications(page, perPage, showSeen);
  const markAllSeen = useMarkAllSeen();
  const [marking, setMarking] = useState(false);
  const items = data?.items ?? [];
  // Marking seen empties a later page of the unseen ones: back to the first.
  const pastTheEnd = !!data && !isFetching && page > 1 && items.length === 0;
  useEffect(() => {
    if (pastTheEnd) change({ page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is rebuilt each render; the flag decides
  }, [pastTheEnd]);
  const suffix = query.toString() ? `?${query.toString()}` : '';
  const onMarkAll = async () => {
    setMarking(true);
    try {
      const count = await markAllSeen();
      notify('coop.notifications.markedSeen', { type: 'info', messageArgs: { smart_count: count } });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setMarking(false);
    }
  };
  return (
    <Grid container spacing={2.5} data-testid="notifications">
      <Grid size={{ xs: 12, lg: id ? 7 : 12 }}>
        <Card component="section" aria-labelledby="notifications-title">
          <CardHeader
            id="notifications-title"
            title={translate('coop.notifications.title')}
            slotProps={{ title: { variant: 'h6', component: 'h1' } }}
            action={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={showSeen}
                      onChange={(e) => change({ seen: e.target.checked ? '1' : null, page: null })}
                      slotProps={{ input: { 'data-testid': 'notifications-show-seen' } as object }}
                    />
                  }
                  label={translate('coop.notifications.showSeen')}
                />
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<DoneAllIcon />}
                  onClick={() => void onMarkAll()}
                  disabled={marking || (!showSeen && items.length === 0)}
                  data-testid="notifications-mark-all"
                >
                  {translate('coop.notifications.markAllSeen')}
                </Button>
              </Box>
            }
            sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
          />
          <CardContent sx={{ pt: 0 }}>
            {error ? <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert> : null}
            {!error && !isFetching && items.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="notifications-empty">
                {translate(showSeen ? 'coop.notifications.emptyAll' : 'coop.notifications.empty')}
              </Typography>
            ) : null}
            {items.length > 0 ? (
              <Table size="small" aria-labelledby="notifications-title" data-testid="notifications-table">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">{translate('coop.notifications.seen')}</TableCell>
                    <TableCell>{translate('coop.notifications.time')}</TableCell>
                    <TableCell>{translate('coop.notifications.type')}</TableCell>
                    <TableCell>{translate('coop.notifications.detail')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((n) => (
                    <TableRow
                      key={n.id}
                      selected={n.id === id}
                      data-testid="notification-row"
                      data-id={n.id}
                      data-seen={n.seen ? '1' : '0'}
                    >
                      <TableCell padding="checkbox">
                        <SeenToggle n={n} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.time)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          {...(n.type === 'kistamError' || n.type === 'validationError'
                            ? { color: 'error' as const }
                            : { variant: 'outlined' as const })}
                          label={translate(`coop.notifications.types.${n.type}`, { _: n.type })}
                        />
                      </TableCell>
                      <TableCell sx={{ fontWeight: n.seen ? 400 : 600 }}>
                        <Link
                          component={RouterLink}
                          to={`/notifications/${encodeURIComponent(n.id)}${suffix}`}
                          color="inherit"
                          data-testid="notification-open"
                        >
                          {headline(translate, n)}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            <AddressPagination total={data?.total ?? 0} at={at} />
          </CardContent>
        </Card>
      </Grid>
      {id ? (
        <Grid size={{ xs: 12, lg: 5 }}>
          <Detail id={id} />
        </Grid>
      ) : null}
    </Grid>
  );
}
