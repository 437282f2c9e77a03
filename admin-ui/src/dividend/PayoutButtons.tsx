import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DescriptionIcon from '@mui/icons-material/Description';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { TaxCertificateIssueDto } from '@coop/contracts/console';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatDate } from '../format';
import { api } from '../session/api';
import { downloadFile } from '../session/download';
import { can, useSession } from '../session/session';
import type { TaskRecord } from '../tasks/model';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import { payoutPaths, useSepaCheck } from './payouts';
import { sepaState } from './sepaState';

/** What the last click came to: a file being fetched, the work queued in the background, a refusal. */
type Outcome = { readonly busy: true } | { readonly background: string } | { readonly failed: string } | null;

/** A button that fetches a file with the token; a 202 (the work went to a background task) is reported to `onOutcome`. */
function DownloadButton(props: {
  file: { path: string; name: string };
  label: string;
  icon: ReactNode;
  testId: string;
  disabled?: boolean;
  describedBy?: string;
  onOutcome: (outcome: Outcome) => void;
  /** Asked before the download (a download that records something for good); none: downloads at once. */
  confirm?: { title: string; text: string; confirmLabel: string; testId: string };
  /** After a download or a queued task (the files it records changed). */
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const click = async () => {
    setAsking(false);
    setBusy(true);
    props.onOutcome({ busy: true });
    try {
      const done = await downloadFile(props.file.path, props.file.name);
      if ('accepted' in done) {
        await queryClient.invalidateQueries({ queryKey: ['tasks'] });
        const task = done.accepted as Partial<TaskRecord> | null;
        props.onOutcome({ background: typeof task?.id === 'string' ? task.id : '' });
      } else props.onOutcome(null);
      props.onDone?.();
    } catch (error) {
      props.onOutcome({ failed: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const confirm = props.confirm;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={props.icon}
        disabled={busy || props.disabled}
        aria-describedby={props.describedBy}
        onClick={() => (confirm ? setAsking(true) : void click())}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          content={confirm.text}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => void click()}
          onClose={() => setAsking(false)}
          testId={confirm.testId}
        />
      ) : null}
    </>
  );
}

/**
 * The closure's papers (issue 25) in one row: the members' tax certificates (`taxpdf.pdf`; a large closure is made by a
 * background task: a notice with the way to the tasks), the SEPA payment file (`sepa.xml`; disabled with the reason
 * while `GET /dividend/sepa/{id}/check` names one, for example no BIC on the cooperative), the KapESt return as CSV and
 * PDF, and the FSA control report (issue 24, writers only). The certificates name each member's church: only the roles
 * that read church data (`church:read`, the writers') download them, others see the button disabled with that reason.
 * Once the closure's certificates were issued (`GET /dividend/tax-pdf/{id}/issues`), the day of the first issue shows
 * under the row and a further download is confirmed first: it issues each member's certificate as a replacement
 * (§ 45a Abs. 5 EStG), recorded for good.
 */
export function PayoutButtons({ id }: { id: string }) {
  const translate = useTranslate();
  const session = useSession();
  const canWrite = can(session, 'church:read');
  const runsDividend = can(session, 'dividend:close');
  const check = useSepaCheck(id);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const t = (key: string) => translate(`coop.payouts.${key}`);
  const sepa = sepaState(translate, check);
  const queryClient = useQueryClient();
  const issuesKey = ['dividend', 'certificateIssues', id];
  const issues = useQuery({
    queryKey: issuesKey,
    queryFn: async () => (await api<TaxCertificateIssueDto[]>(payoutPaths.closureCertificateIssues(id))).body ?? [],
    enabled: !!id && canWrite,
    retry: false,
  });
  const firstIssue = (issues.data ?? []).map((i) => i.at).sort()[0];
  const issuedOn = firstIssue ? formatDate(firstIssue) : null;
  const taxDescribedBy = canWrite
    ? issuedOn
      ? 'dividend-closure-tax-pdf-issued'
      : undefined
    : 'dividend-closure-tax-pdf-reason';
  return (
    <Box
      sx={{ display: 'grid', gap: 1 }}
      role="group"
      aria-labelledby="dividend-closure-papers-title"
      data-testid="dividend-closure-papers"
    >
      <Typography variant="subtitle1" component="h2" id="dividend-closure-papers-title">
        {t('title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <DownloadButton
          file={payoutPaths.taxCertificates(id)}
          label={t('taxCertificates')}
          icon={<DescriptionIcon />}
          testId="dividend-closure-tax-pdf"
          disabled={!canWrite || issues.isPending}
          {...(taxDescribedBy ? { describedBy: taxDescribedBy } : {})}
          {...(issuedOn
            ? {
                confirm: {
                  title: t('reissueTitle'),
                  text: translate('coop.payouts.reissueText', { date: issuedOn }),
                  confirmLabel: t('reissueConfirm'),
                  testId: 'dividend-closure-tax-pdf-confirm',
                },
              }
            : {})}
          onDone={() => void queryClient.invalidateQueries({ queryKey: issuesKey })}
          onOutcome={setOutcome}
        />
        <DownloadButton
          file={payoutPaths.sepa(id)}
          label={t('sepa')}
          icon={<AccountBalanceIcon />}
          testId="dividend-closure-sepa"
          disabled={sepa.blocked}
          describedBy="dividend-closure-sepa-state"
          onOutcome={setOutcome}
        />
        <DownloadButton
          file={payoutPaths.taxReturnCsv(id)}
          label={t('taxReturnCsv')}
          icon={<ReceiptLongIcon />}
          testId="dividend-closure-tax-return-csv"
          onOutcome={setOutcome}
        />
        <DownloadButton
          file={payoutPaths.taxReturnPdf(id)}
          label={t('taxReturnPdf')}
          icon={<ReceiptLongIcon />}
          testId="dividend-closure-tax-return-pdf"
          onOutcome={setOutcome}
        />
        {runsDividend ? (
          <Button
            component={RouterLink}
            to={`/dividend/fsak/${encodeURIComponent(id)}`}
            variant="outlined"
            startIcon={<SendIcon />}
            data-testid="dividend-closure-fsak"
          >
            {translate('coop.fsak.button')}
          </Button>
        ) : null}
      </Box>
      {canWrite ? null : (
        <Typography
          variant="body2"
          color="text.secondary"
          id="dividend-closure-tax-pdf-reason"
          data-testid="dividend-closure-tax-pdf-reason"
        >
          {t('taxCertificatesChurch')}
        </Typography>
      )}
      {canWrite && issuedOn ? (
        <Typography
          variant="body2"
          color="text.secondary"
          id="dividend-closure-tax-pdf-issued"
          data-testid="dividend-closure-tax-pdf-issued"
        >
          {translate('coop.payouts.taxCertificatesIssued', { date: issuedOn })}
        </Typography>
      ) : null}
      <Typography
        variant="body2"
        color={sepa.blocked && !check.isPending ? 'warning.dark' : 'text.secondary'}
        id="dividend-closure-sepa-state"
        data-testid="dividend-closure-sepa-state"
      >
        {sepa.text}
      </Typography>
      {sepa.notice ? (
        <Alert severity="warning" data-testid="dividend-closure-sepa-notice">
          {sepa.notice}
        </Alert>
      ) : null}
      {outcome && 'background' in outcome ? (
        <Alert severity="info" data-testid="dividend-closure-background">
          {t('background')}{' '}
          <Link component={RouterLink} to="/tasks" data-testid="dividend-closure-to-tasks">
            {t('toTasks')}
          </Link>
          <BackgroundTaskNotice taskId={outcome.background} testId="dividend-closure-background" />
        </Alert>
      ) : null}
      {outcome && 'failed' in outcome ? (
        <Alert severity="error" data-testid="dividend-closure-download-failed">
          {translate('coop.payouts.downloadFailed', { message: outcome.failed })}
        </Alert>
      ) : null}
    </Box>
  );
}
