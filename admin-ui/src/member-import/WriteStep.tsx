import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatCount } from '../format';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import type { ImportResultDto, ImportSummary } from './dto';
import { ImportSummaryList, postingTotal } from './ImportSummaryList';
import type { Run } from './run';

/**
 * The numbers the confirmation and the result name, each with its noun in the singular or plural ("1 Mitglied, 2
 * Buchungen"; a sentence of four numbers cannot take one plural: "1 Mitglieder mit 1 Buchungen" before).
 */
export function summaryCounts(
  summary: ImportSummary,
  translate: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string> {
  const counts = {
    members: summary.members,
    postings: postingTotal(summary),
    orders: summary.exemptionOrders,
    certificates: summary.nonAssessments,
    events: summary.events,
  };
  return Object.fromEntries(
    Object.entries(counts).map(([key, n]) => [
      key,
      translate(`coop.memberImport.write.counts.${key}`, { smart_count: n, count: formatCount(n) }),
    ]),
  );
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
            {result.written ? t('written', summaryCounts(result.summary, translate)) : t('before')}{' '}
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
          content={t('confirmText', summaryCounts(checked, translate))}
          confirmLabel={t('confirm', summaryCounts(checked, translate))}
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
