import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, Checkbox, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { RichTextField, useGetOne, useNotify, useTranslate } from 'react-admin';
import { memberLabel, type MemberRecord } from '../members/model';
import { entityPath, fieldLabel, headline, problemText, templateText, type NotificationRecord } from './model';
import { NOTIFICATION_HTML } from './notification-html';
import { useMarkSeen } from './queries';

/**
 * The seen toggle of a notification (SPEC 2: each item has one): ticking it marks the notification seen
 * (`POST /notifications/mark-seen`), then the lists reload. A seen notification stays ticked (the API has no "unseen").
 */
export function SeenToggle({ n, testId }: { n: NotificationRecord; testId?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const markSeen = useMarkSeen();
  return (
    <Checkbox
      checked={n.seen}
      disabled={n.seen}
      size="small"
      onChange={() => {
        markSeen([n.id]).catch((error: unknown) =>
          notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
        );
      }}
      slotProps={{
        input: {
          'aria-label': translate('coop.notifications.seenToggle', { headline: headline(translate, n) }),
          'data-testid': testId ?? `notification-seen-${n.id}`,
        } as object,
      }}
    />
  );
}

/** A KiStAM error's member: its number and name (the notification holds the id and number only) and the way to edit it. */
function KistamMember({ n }: { n: NotificationRecord }) {
  const translate = useTranslate();
  const id = n.member ?? n.entityId ?? '';
  const { data } = useGetOne<MemberRecord>('members', { id }, { enabled: !!id, retry: false });
  if (!id) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography data-testid="notification-member">
        {data ? memberLabel(data) : translate('coop.notifications.memberNr', { nr: n.memberNr ?? '' })}
      </Typography>
      <Button
        component={RouterLink}
        to={`/members/${encodeURIComponent(id)}`}
        variant="outlined"
        size="small"
        startIcon={<EditIcon />}
        data-testid="notification-edit-member"
      >
        {translate('coop.notifications.editMember')}
      </Button>
    </Box>
  );
}

/**
 * The members a KiStAM run could not ask about (issue 43: one notification per run): each with its number, the problem
 * and the way to edit it.
 */
function KistamMembers({ n }: { n: NotificationRecord }) {
  const translate = useTranslate();
  return (
    <List
      dense
      disablePadding
      aria-label={translate('coop.notifications.errors')}
      data-testid="notification-kistam-members"
    >
      {n.errors.map((e, i) => {
        const nr = e.parameters[0] ?? '';
        return (
          <ListItem
            key={`${e.entityId ?? ''}-${String(i)}`}
            disableGutters
            secondaryAction={
              e.entityId ? (
                <Button
                  component={RouterLink}
                  to={`/members/${encodeURIComponent(e.entityId)}`}
                  size="small"
                  startIcon={<EditIcon />}
                  data-testid="notification-kistam-member-link"
                >
                  {translate('coop.notifications.editMember')}
                </Button>
              ) : null
            }
            sx={{ pr: 24 }}
            data-testid="notification-kistam-member"
          >
            <ListItemText
              primary={`${translate('coop.notifications.memberNr', { nr })}: ${problemText(translate, e.template, [nr, e.template])}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** A validation error's field errors, each with the edit page of its record (member, exemption order, non-assessment, cooperative). */
function FieldErrors({ n }: { n: NotificationRecord }) {
  const translate = useTranslate();
  return (
    <List dense disablePadding aria-label={translate('coop.notifications.errors')} data-testid="notification-errors">
      {n.errors.map((e, i) => {
        const to = entityPath(e.entityClass, e.entityId);
        return (
          <ListItem
            key={i}
            disableGutters
            secondaryAction={
              to && e.entityClass ? (
                <Button
                  component={RouterLink}
                  to={to}
                  size="small"
                  startIcon={<EditIcon />}
                  data-testid="notification-error-link"
                >
                  {translate(`coop.notifications.entities.${e.entityClass}`)}
                </Button>
              ) : null
            }
            sx={{ pr: 24 }}
          >
            <ListItemText
              primary={templateText(translate, e.template, e.parameters)}
              secondary={e.field ? fieldLabel(translate, e.entityClass, e.field) : null}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** What a notification says beyond its headline, by type (SPEC 2 "Notification list and detail"). */
export function NotificationBody({ n }: { n: NotificationRecord }) {
  const translate = useTranslate();
  const to = entityPath(n.entityClass, n.entityId);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {n.type === 'kistamError' && n.errors.length > 0 ? <KistamMembers n={n} /> : null}
      {n.type === 'kistamError' && n.errors.length === 0 ? <KistamMember n={n} /> : null}
      {n.type === 'validationError' ? <FieldErrors n={n} /> : null}
      {n.type === 'html' && n.html ? (
        // react-admin's RichTextField sanitises the markup with DOMPurify before it is rendered, allowing only the
        // product's own markup (notification-html.ts): no styles, forms, images or links leaving the console.
        <Box data-testid="notification-html">
          <RichTextField record={n} source="html" purifyOptions={NOTIFICATION_HTML} />
        </Box>
      ) : null}
      {(n.type !== 'kistamError' || n.errors.length > 0) && to && n.entityClass ? (
        <Box>
          <Button
            component={RouterLink}
            to={to}
            variant="outlined"
            size="small"
            startIcon={<OpenInNewIcon />}
            data-testid="notification-entity-link"
          >
            {translate(`coop.notifications.entities.${n.entityClass}`)}
          </Button>
        </Box>
      ) : null}
      {n.taskId && n.entityClass !== 'task' ? (
        <Box>
          <Button
            component={RouterLink}
            to="/tasks"
            size="small"
            startIcon={<OpenInNewIcon />}
            data-testid="notification-task-link"
          >
            {translate('coop.notifications.toTasks')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
