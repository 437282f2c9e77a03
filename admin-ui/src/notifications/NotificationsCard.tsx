import NotificationsIcon from '@mui/icons-material/Notifications';
import TaskIcon from '@mui/icons-material/Task';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCountIn, formatDateTime } from '../format';
import { headline } from './model';
import { useNotifications } from './queries';

/** The main dashboard's notifications card (SPEC 2): the latest five unseen notifications, a button to all and one to the tasks. */
export function NotificationsCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, isPending } = useNotifications(1, 5, false);
  const items = data?.items ?? [];
  return (
    <Card component="section" aria-labelledby="notifications-card-title" data-testid="dashboard-notifications-card">
      <CardHeader
        id="notifications-card-title"
        title={translate('coop.notifications.latest')}
        subheader={
          data
            ? data.total > 1
              ? translate('coop.notifications.unreadMany', { shown: formatCountIn(locale, data.total) })
              : translate('coop.notifications.unread', { smart_count: data.total })
            : null
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          // The task list is reached from here as well: a KiStAM task waiting for its answer file, after its notice is seen.
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to="/tasks"
              startIcon={<TaskIcon />}
              size="small"
              variant="outlined"
              data-testid="dashboard-to-tasks"
            >
              {translate('coop.notifications.toTasks')}
            </Button>
            <Button
              component={RouterLink}
              to="/notifications"
              startIcon={<NotificationsIcon />}
              size="small"
              variant="outlined"
              data-testid="dashboard-to-notifications"
            >
              {translate('coop.notifications.toAll')}
            </Button>
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert> : null}
        {isPending ? <Skeleton height={32} /> : null}
        {!isPending && !error && items.length === 0 ? (
          <Typography color="text.secondary" data-testid="dashboard-notifications-empty">
            {translate('coop.notifications.empty')}
          </Typography>
        ) : null}
        {items.length > 0 ? (
          <List dense disablePadding>
            {items.map((n) => (
              <ListItem key={n.id} disableGutters data-testid="dashboard-notification">
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={`/notifications/${encodeURIComponent(n.id)}`}
                      data-testid="dashboard-notification-open"
                    >
                      {headline(translate, n)}
                    </Link>
                  }
                  secondary={formatDateTime(n.time)}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </CardContent>
    </Card>
  );
}
