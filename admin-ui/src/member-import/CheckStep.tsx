import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../format';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import type { ImportDryRunDto, ImportProblem } from './dto';
import { ImportSummaryList } from './ImportSummaryList';
import { ProblemsTable } from './ProblemsTable';
import type { Run } from './run';

/**
 * Step 3, "Check": runs the dry run (`POST /import/dry-run`) and shows its summary, the problems with their count, the
 * problems workbook to download (`POST /import/problems.xlsx?lang=`), and whether these files were imported before.
 * A large import is checked as a task: its progress, then the result. A check of other files or columns is stale.
 * Rows that may be a member twice (the same IBAN, or name and birth date; issue 39) are listed as warnings the clerk
 * confirms before the write.
 */
export function CheckStep({
  run,
  stale,
  busy,
  warningsConfirmed,
  onConfirmWarnings,
  onRun,
  onDownloadProblems,
  columnOf,
}: {
  run: Run<ImportDryRunDto> | null;
  stale: boolean;
  busy: boolean;
  warningsConfirmed: boolean;
  onConfirmWarnings: (confirmed: boolean) => void;
  onRun: () => void;
  onDownloadProblems: () => Promise<void>;
  /** The problems' "Column" cell (the field's label when the file has no column for it). */
  columnOf?: (problem: ImportProblem) => string;
}) {
  const translate = useTranslate();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const t = (key: string, options?: Record<string, unknown>) => translate(`coop.memberImport.check.${key}`, options);
  const result = run && 'result' in run ? run.result : null;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await onDownloadProblems();
    } catch (error) {
      setDownloadError(
        translate('coop.memberImport.upload.downloadFailed', {
          name: t('downloadProblems'),
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="import-check-title" data-testid="import-check">
      <Typography id="import-check-title" variant="h6" component="h2">
        {t('heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('hint')}
      </Typography>
      <Button
        variant="contained"
        startIcon={<FactCheckIcon />}
        onClick={onRun}
        disabled={busy}
        data-testid="import-check-run"
      >
        {busy ? t('running') : run ? t('again') : t('run')}
      </Button>
      {stale && run ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="import-check-stale">
          {t('stale')}
        </Alert>
      ) : null}
      {run && 'taskId' in run ? (
        <Box sx={{ mt: 2 }} data-testid="import-check-background">
          <Alert severity="info">
            {t('background')}{' '}
            <Link component={RouterLink} to="/tasks">
              {t('toTasks')}
            </Link>
          </Alert>
          <BackgroundTaskNotice taskId={run.taskId} testId="import-check-task" />
        </Box>
      ) : null}
      {result ? (
        <Box sx={{ mt: 3, opacity: stale ? 0.6 : 1 }} data-testid="import-check-result">
          {result.alreadyImported ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="import-already">
              {t('alreadyImported', { at: formatDateTime(result.alreadyImported.at), by: result.alreadyImported.by })}
            </Alert>
          ) : null}
          <Alert severity={result.problemCount === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
            <Typography
              id="import-problems-title"
              variant="subtitle1"
              component="h3"
              data-testid="import-problem-count"
              data-count={result.problemCount}
            >
              {result.problemCount === 0 ? t('noProblems') : t('problemCount', { smart_count: result.problemCount })}
            </Typography>
            {result.problems.length < result.problemCount ? (
              <Typography variant="body2">
                {t('shown', { shown: result.problems.length, count: result.problemCount })}
              </Typography>
            ) : null}
          </Alert>
          {result.problemCount > 0 ? (
            <Box sx={{ mb: 3 }}>
              <Box sx={{ mb: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  onClick={() => void download()}
                  disabled={downloading}
                  data-testid="import-problems-download"
                >
                  {t('downloadProblems')}
                </Button>
              </Box>
              {downloadError ? <Alert severity="error">{downloadError}</Alert> : null}
              <ProblemsTable problems={result.problems} labelledBy="import-problems-title" columnOf={columnOf} />
            </Box>
          ) : null}
          {result.warningCount > 0 ? (
            <Box sx={{ mb: 3 }} data-testid="import-warnings">
              <Alert severity="warning" sx={{ mb: 1 }}>
                <Typography
                  id="import-warnings-title"
                  variant="subtitle1"
                  component="h3"
                  data-testid="import-warning-count"
                  data-count={result.warningCount}
                >
                  {t('warningCount', { smart_count: result.warningCount })}
                </Typography>
                <Typography variant="body2">{t('warningHint')}</Typography>
              </Alert>
              <ProblemsTable problems={result.warnings} labelledBy="import-warnings-title" columnOf={columnOf} />
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Checkbox
                    checked={warningsConfirmed}
                    onChange={(e) => onConfirmWarnings(e.target.checked)}
                    disabled={stale}
                    inputProps={{ 'aria-describedby': 'import-warnings-title' }}
                    data-testid="import-warnings-confirm"
                  />
                }
                label={t('confirmWarnings')}
              />
            </Box>
          ) : null}
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('summary')}
          </Typography>
          <ImportSummaryList summary={result.summary} testId="import-summary" />
        </Box>
      ) : null}
    </Box>
  );
}
