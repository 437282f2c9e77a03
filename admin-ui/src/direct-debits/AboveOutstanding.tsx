import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../format';
import type { DebitAboveOutstandingDto } from './model';

/**
 * The debits of a collection the server booked only up to what their subscriptions still owed (decision 270): the bank
 * collects them whole, so the clerk refunds the excess to each member named. Shown with the answer of a new collection
 * and under a listed collection.
 */
export function AboveOutstanding({ items, testId }: { items: readonly DebitAboveOutstandingDto[]; testId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.above.${key}`, options);
  if (items.length === 0) return null;
  const sum = items.reduce((total, a) => total + a.excess, 0);
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid={testId}>
      {t('title', { sum: formatMoney(sum) })}
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {items.map((a) => (
          <li key={a.paymentId}>
            {t('item', {
              member: a.memberNr ?? '–',
              excess: formatMoney(a.excess),
              amount: formatMoney(a.amount),
              booked: formatMoney(a.booked),
              reason: t(`reasons.${a.reason}`),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
