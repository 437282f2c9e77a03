import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DocumentTitle } from './DocumentTitle';

function Refusal({ icon, title, message, testId }: { icon: React.ReactNode; title: string; message: string; testId: string }) {
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

export function AccessDenied({ role }: { role: string }) {
  const translate = useTranslate();
  return (
    <>
      <DocumentTitle override={translate('coop.title.accessDenied')} />
      <Refusal
        testId="access-denied"
        icon={<LockOutlinedIcon color="error" sx={{ fontSize: 48, mb: 1 }} />}
        title={translate('coop.accessDenied.title')}
        message={translate('coop.accessDenied.message', { role: translate(`coop.roles.${role}`, { _: role }) })}
      />
    </>
  );
}

export function NotFound() {
  const translate = useTranslate();
  return (
    <Refusal
      testId="not-found"
      icon={<SearchOffIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />}
      title={translate('coop.title.notFound')}
      message={translate('coop.notFound.message')}
    />
  );
}
