import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatCount, formatDateTime } from '../format';
import type { ImportRecordDto } from './dto';
import { abandonImport } from './requests';

/**
 * Abandon a running import (issue 40, decision 200; the import page is the administrators'): a button on its history row,
 * then a confirmation saying what stays (the parts written) and what not; Yes sends `POST /import/{id}/abandon`, after
 * which the history shows it abandoned and another import can start. A refusal (it ended meanwhile) is shown.
 */
export function AbandonImport({ row }: { row: ImportRecordDto }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`coop.memberImport.history.${key}`, options);
  const files = row.files.join(', ');
  const abandon = useMutation({
    mutationFn: () => abandonImport(row.id),
    onSuccess: async () => {
      setOpen(false);
      notify('coop.memberImport.history.abandonDone', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['import'] });
    },
  });
  return (
    <>
      <Button
        size="small"
        color="warning"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t('abandonLabel', { files })}
        data-testid="import-abandon"
        sx={{ mt: 0.5 }}
      >
        {t('abandon')}
      </Button>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          aria-labelledby="import-abandon-title"
          data-testid="import-abandon-dialog"
        >
          <DialogTitle id="import-abandon-title">{t('abandonTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('abandonText', {
                files,
                by: row.by,
                at: formatDateTime(row.at),
                written: formatCount(row.chunksWritten),
                chunks: formatCount(row.chunks),
              })}
            </DialogContentText>
            {abandon.error ? (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="import-abandon-refused">
                {abandon.error instanceof Error ? abandon.error.message : String(abandon.error)}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} data-testid="import-abandon-no">
              {t('abandonCancel')}
            </Button>
            <Button
              color="warning"
              variant="contained"
              disabled={abandon.isPending}
              onClick={() => abandon.mutate()}
              data-testid="import-abandon-yes"
            >
              {t('abandonConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
