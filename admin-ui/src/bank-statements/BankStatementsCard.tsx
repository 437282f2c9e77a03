import ReceiptIcon from '@mui/icons-material/Receipt';
import { Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** The administration page's card leading to the bank statements (`/bank-statements`). */
export function BankStatementsCard() {
  const translate = useTranslate();
  return (
    <Card
      component="section"
      aria-labelledby="bank-statements-card-title"
      data-testid="bank-statements-card"
      sx={{ height: '100%' }}
    >
      <CardHeader
        id="bank-statements-card-title"
        title={translate('coop.bankStatements.cardTitle')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            component={RouterLink}
            to="/bank-statements"
            startIcon={<ReceiptIcon />}
            size="small"
            variant="contained"
            data-testid="bank-statements-open"
          >
            {translate('coop.bankStatements.open')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('coop.bankStatements.cardHint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
