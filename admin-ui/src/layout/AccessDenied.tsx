import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { HttpError, useTranslate } from 'react-admin';
import { rolesWith, type Permission } from '@coop/contracts/console';
import { PageTitle } from './PageTitle';

function Refusal({
  icon,
  title,
  message,
  testId,
}: {
  icon: React.ReactNode;
  title: string;
  message: string;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6 }}>
      <Card sx={{ maxWidth: 560, width: '100%' }} data-testid={testId} role="alert">
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          {icon}
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {message}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/">
            {translate('coop.accessDenied.back')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/** A screen the signed-in user's roles do not grant: names the roles the matrix grants its permission to. */
export function AccessDenied({ permission }: { permission: Permission }) {
  const translate = useTranslate();
  const roles = rolesWith(permission)
    .map((role) => translate(`coop.roles.${role}`, { _: role }))
    .join(', ');
  return (
    <>
      <PageTitle title={translate('coop.title.accessDenied')} />
      <Refusal
        testId="access-denied"
        icon={<LockOutlinedIcon color="error" sx={{ fontSize: 48, mb: 1 }} />}
        title={translate('coop.accessDenied.title')}
        message={translate('coop.accessDenied.message', { roles })}
      />
    </>
  );
}

/** No page at this address. */
export function NotFound() {
  return <NotFoundPage />;
}

/** No page at this address, or (with `message`) no record of this id: the API's not-found in the clerk's language. */
function NotFoundPage({ message }: { message?: string | undefined }) {
  const translate = useTranslate();
  return (
    <Refusal
      testId="not-found"
      icon={<SearchOffIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />}
      title={translate('coop.title.notFound')}
      message={message ?? translate('coop.notFound.message')}
    />
  );
}

/** True for the API's `404` of a record (unknown, or another cooperative's). */
export function isNotFound(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 404;
}

/**
 * A record screen whose record could not be read: the not-found page for an unknown id (the API's message, e.g.
 * "Mitglied nicht gefunden"), otherwise the failure's message (already in the clerk's language, `api()`).
 */
export function LoadFailed({ error }: { error: unknown }) {
  const translate = useTranslate();
  if (isNotFound(error)) return <NotFoundPage message={error.message} />;
  return (
    <Alert severity="error" sx={{ m: 2 }} data-testid="load-failed">
      {translate('coop.edit.loadFailed', { message: error instanceof Error ? error.message : '' })}
    </Alert>
  );
}
