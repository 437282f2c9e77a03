import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatMoney } from '../format';
import type { MemberRecord } from '../members/model';
import { useCooperative } from '../members/useCooperative';
import { useMemberShareDues } from '../share-payments/queries';
import { transferPreview } from './transferPreview';

/**
 * Beside a transfer's quantity (type 3): the Geschäftsguthaben that moves with the shares, what the receiver will owe
 * on them and what the member still owes on the shares it keeps (§ 76 GenG, decision 265). Shown once the member's dues
 * are read; a holding paid in full shows that its whole amount moves.
 */
export function TransferPreview({ member }: { member: MemberRecord }) {
  const translate = useTranslate();
  const quantity = useWatch({ name: 'quantity' }) as unknown;
  const { data: coop } = useCooperative();
  const dues = useMemberShareDues(member.id);
  const price = coop?.balanceCost;
  if (typeof price !== 'number' || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
    return null;
  if (!dues.data) return null;
  const preview = transferPreview(quantity * price, member.shareTotalEUR ?? 0, dues.data);
  const line = (key: string, testId: string, values: Record<string, string>) => (
    <Typography variant="body2" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {translate(`coop.balances.transfer.${key}`, values)}
    </Typography>
  );
  return (
    <Box sx={{ mt: 1 }} data-testid="transfer-preview">
      {line('moves', 'transfer-preview-moves', {
        paid: formatMoney(preview.paid),
        nominal: formatMoney(preview.nominal),
      })}
      {preview.owed > 0 ? line('receiverOwes', 'transfer-preview-owed', { owed: formatMoney(preview.owed) }) : null}
      {preview.staysOwed > 0
        ? line('staysOwed', 'transfer-preview-stays', { owed: formatMoney(preview.staysOwed) })
        : null}
    </Box>
  );
}
