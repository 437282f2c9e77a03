import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** The administration page's card leading administrators to the import (`/administration/import`). */
export function ImportCard() {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="import-card-title" data-testid="import-card" sx={{ height: '100%' }}>
      <CardHeader
        id="import-card-title"
        title={translate('coop.memberImport.cardTitle')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            component={RouterLink}
            to="/administration/import"
            startIcon={<UploadFileIcon />}
            size="small"
            variant="contained"
            data-testid="import-open"
          >
            {translate('coop.memberImport.open')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('coop.memberImport.cardHint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
