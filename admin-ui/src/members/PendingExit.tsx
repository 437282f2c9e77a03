import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../format';
import type { MemberRecord } from './model';

/**
 * A membership that ends later (issue 22: at the end of a financial year): "leaves on 31.12.2027 (Exit)"; a deceased
 * member "deceased, heirs" until then (§ 77 GenG). Nothing when no end is pending.
 */
export function PendingExit({
  m,
  size = 'small',
}: {
  m: Pick<MemberRecord, 'exitPending' | 'exitDate' | 'exitReason'>;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  if (!m.exitPending || !m.exitDate) return null;
  const date = formatDate(m.exitDate);
  const label =
    m.exitReason === 'death'
      ? translate('coop.members.deceasedHeirs', { date })
      : translate('coop.members.leavesOn', {
          date,
          reason: translate(`coop.members.exitReasons.${m.exitReason ?? 'exit'}`),
        });
  // In the list a wrapping line of text (a narrow name column at 1280 px must not overflow with the German text).
  if (size === 'small') {
    return (
      <Typography
        variant="caption"
        component="div"
        color="warning.dark"
        sx={{ fontWeight: 600, lineHeight: 1.3, mt: 0.25 }}
        data-testid="member-pending-exit"
        data-date={m.exitDate}
      >
        {label}
      </Typography>
    );
  }
  return (
    <Chip
      size={size}
      color="warning"
      variant="outlined"
      label={label}
      data-testid="member-pending-exit"
      data-date={m.exitDate}
    />
  );
}
