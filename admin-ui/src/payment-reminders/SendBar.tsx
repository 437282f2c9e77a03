import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PaymentReminderDueDto, PaymentReminderRunDto } from '@coop/contracts/console';
import { formatCount, formatDate, formatMoney } from '../format';
import { downloadFile } from '../session/download';
import { reminderPaths, useSendReminders } from './queries';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Sending the selected reminders: after a confirmation (`POST /payment-reminders`), what was recorded and the letters to
 * download. `canSend`: the clerk posts (the API refuses others anyway).
 */
export function SendBar(props: {
  date: string;
  rows: readonly PaymentReminderDueDto[];
  selected: readonly string[];
  canSend: boolean;
  onSent: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.reminders.${key}`, options);
  const [confirming, setConfirming] = useState(false);
  const [run, setRun] = useState<PaymentReminderRunDto | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const send = useSendReminders();
  const byId = new Map(props.rows.map((r) => [r.id, r]));
  const sum = props.selected.reduce((total, id) => total + (byId.get(id)?.amount ?? 0), 0);
  const record = () =>
    send.mutate(
      { date: props.date, memberIds: props.selected },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setRun(result);
          props.onSent();
        },
      },
    );
  const letters = async (r: PaymentReminderRunDto) => {
    setFileError(null);
    try {
      const file = reminderPaths.letters(r);
      await downloadFile(file.path, file.name);
    } catch (error) {
      setFileError(messageOf(error));
    }
  };
  return (
    <Box
      component="section"
      aria-labelledby="reminders-send-title"
      sx={{ display: 'grid', gap: 1, mt: 2 }}
      data-testid="reminders-send"
    >
      <Typography variant="subtitle1" component="h2" id="reminders-send-title">
        {t('selected', { count: formatCount(props.selected.length) })}
      </Typography>
      {props.canSend ? (
        <Box>
          <Button
            variant="contained"
            startIcon={<MarkEmailUnreadIcon />}
            onClick={() => setConfirming(true)}
            disabled={props.selected.length === 0 || send.isPending}
            data-testid="reminders-send-button"
          >
            {t('send')}
          </Button>
        </Box>
      ) : null}
      {run ? (
        <Alert severity="success" data-testid="reminders-sent">
          {t('sent', {
            smart_count: run.sent,
            sent: formatCount(run.sent),
            skipped: formatCount(run.skipped),
            sum: formatMoney(run.amount),
          })}
          {run.sent > 0 ? (
            <Box sx={{ mt: 1 }}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<PictureAsPdfIcon />}
                onClick={() => void letters(run)}
                data-testid="reminders-letters"
              >
                {t('letters')}
              </Button>
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {fileError ? (
        <Alert severity="error" data-testid="reminders-letters-error">
          {t('downloadFailed', { message: fileError })}
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="reminders-confirm-title"
        data-testid="reminders-confirm"
      >
        <DialogTitle id="reminders-confirm-title">{t('confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="reminders-confirm-text">
            {t('confirm', {
              smart_count: props.selected.length,
              count: formatCount(props.selected.length),
              sum: formatMoney(sum),
              date: formatDate(props.date),
            })}
          </DialogContentText>
          {send.error ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="reminders-send-error">
              {messageOf(send.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} data-testid="reminders-confirm-no">
            {t('cancel')}
          </Button>
          <Button variant="contained" onClick={record} disabled={send.isPending} data-testid="reminders-confirm-yes">
            {t('confirmYes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
