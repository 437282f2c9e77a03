import DescriptionIcon from '@mui/icons-material/Description';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DateMenuButton } from '../common/DateMenuButton';
import { formatDate } from '../format';
import { downloadFile } from '../session/download';
import type { TaskRecord } from '../tasks/model';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import { MEMBER_EXPORTS, calendarRange, exportRequest, yearEnds, type MemberExport } from './exports';

/** What the last click came to: a file being fetched, saved, the work queued in the background, a refusal. */
type Outcome =
  | { readonly kind: MemberExport; readonly busy: true }
  | { readonly kind: MemberExport; readonly saved: string }
  | { readonly kind: MemberExport; readonly background: string }
  | { readonly kind: MemberExport; readonly failed: string };

const SPREADSHEETS: ReadonlySet<MemberExport> = new Set(['csv', 'xlsx', 'ods']);

/**
 * The members card's exports (issue 26, SPEC 2): CSV, XLSX, ODS, the member list (all, active only), the members with
 * shares and the statements of account. Each button downloads as of today; its menu as of the last day of last year,
 * of the year before, or a day chosen in a calendar (ten years back to today). The file keeps the server's name; a
 * large one goes to a background task (202), shown here with its progress and then its file; a refusal is shown.
 */
export function MemberExports() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ends = useMemo(() => yearEnds(), []);
  const range = useMemo(() => calendarRange(), []);
  const name = (kind: MemberExport) => translate(`coop.exports.${kind}`);
  const busy = outcome !== null && 'busy' in outcome;

  const run = async (kind: MemberExport, date: string | null) => {
    setOutcome({ kind, busy: true });
    const request = exportRequest(kind, date);
    try {
      const done = await downloadFile(request.path, request.name);
      if ('accepted' in done) {
        await queryClient.invalidateQueries({ queryKey: ['tasks'] });
        const task = done.accepted as Partial<TaskRecord> | null;
        setOutcome({ kind, background: typeof task?.id === 'string' ? task.id : '' });
      } else setOutcome({ kind, saved: done.saved });
    } catch (error) {
      setOutcome({ kind, failed: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Box component="section" aria-labelledby="member-exports-title" data-testid="member-exports" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id="member-exports-title">
        {translate('coop.exports.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('coop.exports.hint', { date: formatDate(range.max) })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {MEMBER_EXPORTS.map((kind) => (
          <DateMenuButton
            key={kind}
            label={name(kind)}
            icon={SPREADSHEETS.has(kind) ? kind === 'csv' ? <DescriptionIcon /> : <GridOnIcon /> : <PictureAsPdfIcon />}
            testId={`export-${kind}`}
            disabled={busy}
            yearEnds={ends}
            range={range}
            onPick={(date) => void run(kind, date)}
          />
        ))}
      </Box>
      <Box aria-live="polite" sx={{ mt: outcome ? 1.5 : 0 }}>
        {outcome && 'busy' in outcome ? (
          <Typography variant="body2" color="text.secondary" data-testid="export-busy">
            {translate('coop.exports.busy', { name: name(outcome.kind) })}
          </Typography>
        ) : null}
        {outcome && 'saved' in outcome ? (
          <Typography variant="body2" color="text.secondary" data-testid="export-saved">
            {translate('coop.exports.saved', { file: outcome.saved })}
          </Typography>
        ) : null}
        {outcome && 'background' in outcome ? (
          <Alert severity="info" data-testid="export-background">
            {translate('coop.exports.background', { name: name(outcome.kind) })}{' '}
            <Link component={RouterLink} to="/tasks" data-testid="export-to-tasks">
              {translate('coop.exports.toTasks')}
            </Link>
            <BackgroundTaskNotice taskId={outcome.background} testId="export-background" />
          </Alert>
        ) : null}
        {outcome && 'failed' in outcome ? (
          <Alert severity="error" data-testid="export-failed">
            {translate('coop.exports.failed', { name: name(outcome.kind), message: outcome.failed })}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
