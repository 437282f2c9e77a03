import { Box, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { formatDate, formatMoney } from '../format';
import { postingShares } from '../members/historyMoney';
import { usePostingLabel } from '../members/usePostingLabel';
import type { BalanceRecord } from '../members/model';

/** A posting as a label/value list (the annulation screen and the posting view). */
export function BalanceDetails({ balance: b, title }: { balance: BalanceRecord; title?: string }) {
  const translate = useTranslate();
  const label = usePostingLabel([b]);
  const f = (field: string) => translate(`resources.balances.fields.${field}`);
  return (
    <Box data-testid="balance-details">
      {title ? (
        <Typography
          variant="subtitle2"
          component="h2"
          color="primary"
          sx={{ mb: 1, textTransform: 'uppercase', letterSpacing: 0.6 }}
        >
          {title}
        </Typography>
      ) : null}
      <InfoList
        rows={[
          [
            f('member'),
            <Link component={RouterLink} to={`/member/${encodeURIComponent(b.member)}`}>
              {[b.memberNr, b.memberName].filter((x) => x !== null && x !== undefined && x !== '').join(' ')}
            </Link>,
            'balance-details-member',
          ],
          [
            f('type'),
            <>
              {label(b)}
              {b.annulated ? (
                <Chip size="small" label={translate('coop.balances.annulled')} sx={{ ml: 1, height: 20 }} />
              ) : null}
            </>,
            'balance-details-type',
          ],
          [f('quantity'), postingShares(b)],
          [f('amount'), formatMoney(b.amount), 'balance-details-amount'],
          [f('date'), formatDate(b.date)],
          [f('approvalDate'), formatDate(b.approvalDate)],
          [f('interestBegin'), formatDate(b.interestBegin)],
        ]}
      />
    </Box>
  );
}
