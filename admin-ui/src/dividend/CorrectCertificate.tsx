import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { TaxCertificateIssueDto } from '@coop/contracts/console';
import { api } from '../session/api';
import { downloadFile } from '../session/download';
import { payoutPaths } from './payouts';

/** The longest reason the API keeps (contracts `CORRECTION_REASON_MAX`). */
const REASON_MAX = 200;

/** The versions of the member's certificate of one closure as recorded (`GET /dividend/tax-pdf/{id}/issues?member=`). */
export function CertificateIssues({ dividendId, memberId }: { dividendId: string; memberId: string }) {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['dividend', 'certificateIssues', dividendId, memberId],
    queryFn: async () =>
      (await api<TaxCertificateIssueDto[]>(payoutPaths.certificateIssues(dividendId, memberId))).body,
    retry: false,
  });
  if (!data || data.length === 0) return null;
  const versions = data.map((i) => translate(`coop.payouts.version_${i.version}`)).join(' → ');
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid="member-dividend-certificate-issues"
      title={data.map((i) => [i.at.slice(0, 10), i.user, i.reason].filter(Boolean).join(' · ')).join('\n')}
    >
      {translate('coop.payouts.certificateIssues', { versions })}
    </Typography>
  );
}

/**
 * "Corrected certificate" with its reason dialog (§ 45a Abs. 6 EStG): `POST /dividend/tax-pdf/{id}/corrections`
 * `{member, reason}` answers the corrected `taxpdf.pdf`, which is saved; a refusal (no certificate issued before, no
 * tax office) is shown in the dialog's language as the server's template.
 */
export function CorrectCertificateButton({
  dividendId,
  memberId,
  year,
}: {
  dividendId: string;
  memberId: string;
  year: number;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const target = payoutPaths.correctedCertificate(dividendId);
      await downloadFile(target.path, target.name, { member: memberId, reason: reason.trim() });
      await queries.invalidateQueries({ queryKey: ['dividend', 'certificateIssues', dividendId, memberId] });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      notify('coop.payouts.downloadFailed', {
        type: 'error',
        messageArgs: { message: e instanceof Error ? e.message : String(e) },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<EditNoteIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('coop.payouts.correctCertificateOf', { year })}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
        data-testid="member-dividend-correct"
      >
        {translate('coop.payouts.correctCertificate')}
      </Button>
      <Dialog
        open={open}
        onClose={busy ? undefined : close}
        aria-labelledby="correct-certificate-title"
        data-testid="correct-certificate-dialog"
        maxWidth="sm"
        fullWidth
      >
        <form onSubmit={(e) => void submit(e)}>
          <DialogTitle id="correct-certificate-title">{translate('coop.payouts.correctTitle', { year })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('coop.payouts.correctIntro')}</DialogContentText>
            <TextField
              autoFocus
              required
              fullWidth
              multiline
              minRows={2}
              label={translate('coop.payouts.correctReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={error !== null}
              helperText={error ?? `${reason.length}/${REASON_MAX}`}
              slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'correct-certificate-reason' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {translate('coop.payouts.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || reason.trim() === ''}
              data-testid="correct-certificate-submit"
            >
              {translate('coop.payouts.correctIssue')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
