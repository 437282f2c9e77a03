import { TEXT_MAX, type RetentionHoldDto, type RetentionHoldRequest } from '@coop/contracts/console';
import LockClockIcon from '@mui/icons-material/LockClock';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Tooltip,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDateTime } from '../format';
import { api } from '../session/api';
import type { MemberRecord } from './model';

/** The dialog that sets or clears the hold (`PUT /members/{id}/retention-hold`), always with a reason. */
function HoldDialog({ m, onClose }: { m: MemberRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const held = !m.retentionHold;
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: async () => {
      const body: RetentionHoldRequest = { held, reason };
      return (
        await api<RetentionHoldDto>(`/members/${encodeURIComponent(m.id)}/retention-hold`, {
          method: 'PUT',
          body: JSON.stringify(body),
        })
      ).body;
    },
    onSuccess: () => {
      notify(held ? 'coop.retentionHold.setDone' : 'coop.retentionHold.clearedDone', { type: 'success' });
      refresh();
      onClose();
    },
  });
  const errors = apiFieldErrors(save.error) ?? [];
  const reasonError = errors
    .filter((e) => e.field === 'reason')
    .map(validationMessage)
    .join('; ');
  const other = errors
    .filter((e) => e.field !== 'reason')
    .map(validationMessage)
    .join('; ');
  const title = translate(held ? 'coop.retentionHold.setTitle' : 'coop.retentionHold.clearTitle');
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby="retention-hold-title"
      data-testid="retention-hold-dialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="retention-hold-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <DialogContentText>
          {translate(held ? 'coop.retentionHold.setHint' : 'coop.retentionHold.clearHint')}
        </DialogContentText>
        <TextField
          label={translate('coop.retentionHold.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          multiline
          minRows={2}
          error={!!reasonError || !!other}
          helperText={[reasonError, other].filter(Boolean).join('; ') || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'retention-hold-reason', maxLength: TEXT_MAX.reason } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending} color="inherit" data-testid="retention-hold-cancel">
          {translate('coop.edit.cancel')}
        </Button>
        <Button
          onClick={() => save.mutate()}
          disabled={save.isPending}
          variant="contained"
          data-testid="retention-hold-save"
        >
          {title}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The member's hold from the data-protection clean-up (issue 27): a chip while held (the reason and since when in its
 * tooltip) and, for the roles that write members, a button to set or clear it with a reason.
 */
export function RetentionHold({ m, canWrite }: { m: MemberRecord; canWrite: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (m.memberType === 2) return null;
  return (
    <>
      {m.retentionHold ? (
        <Tooltip
          title={`${m.retentionHoldReason ?? ''} (${translate('coop.retentionHold.since', { date: formatDateTime(m.retentionHoldSince) })})`}
        >
          <Chip
            icon={<LockClockIcon />}
            label={translate('coop.retentionHold.held')}
            size="small"
            color="warning"
            variant="outlined"
            data-testid="retention-hold-chip"
            tabIndex={0}
          />
        </Tooltip>
      ) : null}
      {canWrite ? (
        <Button size="small" variant="text" onClick={() => setOpen(true)} data-testid="retention-hold-toggle">
          {translate(m.retentionHold ? 'coop.retentionHold.clear' : 'coop.retentionHold.set')}
        </Button>
      ) : null}
      {open ? <HoldDialog m={m} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
