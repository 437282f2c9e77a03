import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  content: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** The cancel button's text: "Cancel" unless given. */
  cancelLabel?: string;
  testId?: string;
}

/** MUI's dialog behind `ConfirmDialog.tsx`: loaded when a confirmation is first asked for (issue 43). */
export default function ConfirmDialogBody({
  open,
  title,
  content,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  cancelLabel,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${testId}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberIcon color="warning" />
        {title}
      </DialogTitle>
      <DialogContent>
        <Box component={typeof content === 'string' ? DialogContentText : 'div'}>{content}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="confirm-cancel" color="inherit">
          {cancelLabel ?? translate('coop.edit.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="error" data-testid="confirm-ok">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
