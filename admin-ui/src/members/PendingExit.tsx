import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../format';
import type { MemberRecord } from './model';

/**
 * A membership that ends later (issue 22: at the end of a financial year): "leaves on 31.12.2027 (Exit)"; a deceased
 * member "deceased, heirs" until then (§ 77 GenG). Nothing when no end is pending.
 */
export function PendingExit({ m, size = 'small' }: { m: Pick<MemberRecord, 'exitPending' | 'exitDate' | 'exitReason'>; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  if (!m.exitPending || !m.exitDate) return null;
  const date = formatDate(m.exitDate);
  const label =
    m.exitReason === 'death'
      ? translate('coop.members.deceasedHeirs', { date })
      : translate('coop.members.leavesOn', { date, reason: translate(`coop.members.exitReasons.${m.exitReason ?? 'exit'}`) });
  // In the list the label wraps (a narrow name column at 1280 px must not overflow with the German text).
  const wrap = size === 'small' ? { height: 'auto', minHeight: 20, '& .MuiChip-label': { whiteSpace: 'normal', py: '1px' } } : {};
  return <Chip size={size} color="warning" variant="outlined" label={label} sx={{ mt: 0.25, ...wrap }} data-testid="member-pending-exit" data-date={m.exitDate} />;
}
