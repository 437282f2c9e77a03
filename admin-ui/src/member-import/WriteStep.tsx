import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import type { ImportResultDto, ImportSummary } from './dto';
import { ImportSummaryList, postingTotal } from './ImportSummaryList';
import type { Run } from './run';

/** The numbers the confirmation and the result name. */
export function summaryCounts(summary: ImportSummary): Record<string, number> {
  return {
    members: summary.members,
    postings: postingTotal(summary),
    orders: summary.exemptionOrders,
    certificates: summary.nonAssessments,
    events: summary.events,
  };
}

/**
 * Step 4, "Write": enabled only when the current files and columns were checked without problems; asks first, naming
 * the counts (files the check found imported before: nothing to write); then the result (written, or imported before: nothing done). A large import is written as a task.
 */
export function WriteStep({
  checked,
  importedBefore,
  warningsUnconfirmed = false,
  busy,
  onWrite,
  run,
}: {
  checked: ImportSummary | null;
  importedBefore: boolean;
  /** The check listed possible duplicates not confirmed yet (issue 39). */
  warningsUnconfirmed?: boolean;
  busy: boolean;
  onWrite: () => void;
  run: Run<ImportResultDto> | null;
}) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`coop.memberImport.write.${key}`, options);
  const result = run && 'result' in run ? run.result : null;
  return (
    <Box component="section" aria-labelledby="import-write-title" data-testid="import-write">
      <Typography id="import-write-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('heading')}
      </Typography>
      {!checked && !run ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="import-write-blocked">
          {importedBefore ? t('nothingToWrite') : warningsUnconfirmed ? t('confirmWarningsFirst') : t('blocked')}
        </Alert>
      ) : null}
      {!run ? (
        <Button
          variant="contained"
          color="primary"
          startIcon={<SaveAltIcon />}
          disabled={!checked || busy}
          onClick={() => setConfirming(true)}
          data-testid="import-write-button"
        >
          {busy ? t('writing') : t('button')}
        </Button>
      ) : null}
      {run && 'taskId' in run ? (
        <Box sx={{ mt: 2 }} data-testid="import-write-background">
          <Alert severity="info">{t('background')}</Alert>
          <BackgroundTaskNotice taskId={run.taskId} testId="import-write-task" />
        </Box>
      ) : null}
      {result ? (
        <Box sx={{ mt: 2 }} data-testid="import-write-result" data-written={String(result.written)}>
          <Alert severity={result.written ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="import-write-message">
            {result.written ? t('written', summaryCounts(result.summary)) : t('before')}{' '}
            <Link component={RouterLink} to="/members">
              {t('toMembers')}
            </Link>
          </Alert>
          {result.written ? <ImportSummaryList summary={result.summary} testId="import-written" written /> : null}
        </Box>
      ) : null}
      {checked ? (
        <ConfirmDialog
          open={confirming}
          title={t('confirmTitle')}
          content={t('confirmText', summaryCounts(checked))}
          confirmLabel={t('confirm', summaryCounts(checked))}
          onConfirm={() => {
            setConfirming(false);
            onWrite();
          }}
          onClose={() => setConfirming(false)}
          testId="import-write-confirm"
        />
      ) : null}
    </Box>
  );
}
