import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { AddressPagination, useAddressPage } from '../common/AddressPagination';
import { ScrollRegion } from '../common/ScrollRegion';
import { formatCount, formatDate, formatDateTime } from '../format';
import { kindName, templateText } from '../notifications/model';
import { can, useSession } from '../session/session';
import { awaitsAnswer, isActive, progressPercent, summaryFacts, type TaskRecord } from './model';
import { RebuildReadModelsButton } from './RebuildReadModelsButton';
import { downloadTaskFile, uploadKistamAnswer, useTasks } from './queries';

const STATE_COLOURS: Readonly<Record<string, ChipProps['color']>> = {
  queued: 'default',
  running: 'info',
  waiting: 'warning',
  completed: 'success',
  rejected: 'warning',
  failed: 'error',
  cancelled: 'default',
};

/** Done of total as a bar (indeterminate while the total is unknown) with its text; nothing once the task has ended. */
function Progress({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  if (!isActive(task))
    return task.total > 0 ? (
      <Typography variant="body2">
        {translate('coop.tasks.progress', { done: task.done, total: task.total })}
      </Typography>
    ) : null;
  const percent = progressPercent(task);
  const kind = kindName(translate, task.kind);
  return (
    <Box sx={{ minWidth: 160 }} data-testid="task-progress">
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        {...(percent === null ? {} : { value: percent })}
        aria-label={
          percent === null
            ? translate('coop.tasks.progressUnknown', { kind })
            : translate('coop.tasks.progressLabel', { kind, done: task.done, total: task.total })
        }
      />
      {percent === null ? null : (
        <Typography variant="caption" color="text.secondary" data-testid="task-progress-text">
          {translate('coop.tasks.progress', { done: task.done, total: task.total })}
        </Typography>
      )}
      {task.phase ? (
        <Typography
          variant="caption"
          display="block"
          color="text.secondary"
          data-testid="task-phase"
          data-phase={task.phase}
        >
          {translate(`coop.tasks.phases.${task.phase}`, { _: task.phase })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The task's files as download buttons (fetched with the token, saved from a Blob). */
function Files({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (task.files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {task.files.map((f) => (
        <Button
          key={f.fileId}
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={translate('coop.tasks.download', { name: f.name })}
          onClick={() => {
            downloadTaskFile(task.id, f.fileId, f.name).catch((error: unknown) =>
              notify('coop.tasks.downloadFailed', {
                type: 'error',
                messageArgs: { message: error instanceof Error ? error.message : String(error) },
              }),
            );
          }}
          title={f.name}
          sx={{ textTransform: 'none', maxWidth: 200, minWidth: 0, justifyContent: 'flex-start' }}
          data-testid="task-file"
        >
          {/* A long name ends in an ellipsis (the whole name in the title and the label), so the table fits 1024 px. */}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {f.name}
          </Box>
        </Button>
      ))}
    </Box>
  );
}

/** A KiStAM task waiting for the BZSt answer: the file input that sends the answer file (`POST /tasks/kistam/{id}/answer`). */
function UploadAnswer({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      await uploadKistamAnswer(task.id, file);
      notify('coop.tasks.answerUploaded', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-describedby={`task-${task.id}-queued`}
        data-testid="task-upload-answer"
      >
        {translate('coop.tasks.uploadAnswer')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="task-upload-answer-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
    </>
  );
}

/** What came out: the reason of a rejection, the error of a failure, the summary's figures, the answer upload. */
function Outcome({ task, canUpload }: { task: TaskRecord; canUpload: boolean }) {
  const translate = useTranslate();
  const summary = summaryFacts(task.summary);
  const value = (key: string, v: string | number): string => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
    if (key === 'reportType') return translate(`coop.tasks.reportTypes.${v}`, { _: String(v) });
    if (key === 'euros' && typeof v === 'number') return `${formatCount(v)} €`;
    return String(v);
  };
  return (
    <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start' }}>
      {task.reason ? (
        <Typography variant="body2" color="warning.dark" data-testid="task-reason">
          {templateText(translate, task.reason.template, task.reason.parameters)}
        </Typography>
      ) : null}
      {task.error ? (
        <Typography variant="body2" color="error" data-testid="task-error">
          {templateText(translate, task.error)}
        </Typography>
      ) : null}
      {summary.length > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="task-summary">
          {summary.map(([k, v]) => `${translate(`coop.tasks.summary.${k}`, { _: k })}: ${value(k, v)}`).join(' · ')}
        </Typography>
      ) : null}
      {canUpload && awaitsAnswer(task) ? <UploadAnswer task={task} /> : null}
    </Box>
  );
}

/**
 * `/tasks` (issue 24): the cooperative's background tasks, newest first: kind, state, when and by whom queued, a progress
 * bar while one runs (the list asks again every 2 s then), the result files to download, the reason of a rejection or the
 * error of a failure; a KiStAM task waiting for the BZSt answer takes the answer file here.
 */
export default function TaskList() {
  const translate = useTranslate();
  // The roles that run the dividend read and write church data (`church:read`, `church:write`).
  const session = useSession();
  const canUpload = can(session, 'church:write');
  const readsChurch = can(session, 'church:read');
  const at = useAddressPage();
  const { page, perPage } = at;
  const { data, error, isPending } = useTasks(page, perPage);
  const items = data?.items ?? [];
  return (
    <Card component="section" aria-labelledby="tasks-title" data-testid="tasks">
      <CardHeader
        id="tasks-title"
        title={translate('coop.tasks.title')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        action={<RebuildReadModelsButton />}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert> : null}
        {!error && !isPending && items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="tasks-empty">
            {translate('coop.tasks.empty')}
          </Typography>
        ) : null}
        {items.length > 0 ? (
          // Reachable by the keyboard when it scrolls sideways (a dividend closure's task in German at 1024 px, issue 45).
          <ScrollRegion labelledBy="tasks-title" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="tasks-title" data-testid="tasks-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('coop.tasks.fields.kind')}</TableCell>
                  <TableCell>{translate('coop.tasks.fields.state')}</TableCell>
                  <TableCell>{translate('coop.tasks.fields.queued')}</TableCell>
                  <TableCell>{translate('coop.tasks.fields.progress')}</TableCell>
                  <TableCell>{translate('coop.tasks.fields.files')}</TableCell>
                  <TableCell>{translate('coop.tasks.fields.outcome')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((task) => (
                  <TableRow
                    key={task.id}
                    data-testid="task-row"
                    data-id={task.id}
                    data-kind={task.kind}
                    data-state={task.state}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{kindName(translate, task.kind)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={STATE_COLOURS[task.state] ?? 'default'}
                        label={translate(`coop.tasks.states.${task.state}`, { _: task.state })}
                        data-testid="task-state"
                      />
                      {task.attempt > 1 ? (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {translate('coop.tasks.attempt', { attempt: task.attempt })}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ minWidth: 120 }} id={`task-${task.id}-queued`}>
                      {translate('coop.tasks.queuedBy', { time: formatDateTime(task.queuedAt), user: task.queuedBy })}
                    </TableCell>
                    <TableCell>
                      <Progress task={task} />
                    </TableCell>
                    <TableCell>
                      {/* KiStAM files and tax certificates hold church data: only for the roles that read church data (`church:read`). */}
                      {(task.kind !== 'kistam' && task.kind !== 'taxCertificates') || readsChurch ? (
                        <Files task={task} />
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Outcome task={task} canUpload={canUpload} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        ) : null}
        <AddressPagination total={data?.total ?? 0} at={at} />
      </CardContent>
    </Card>
  );
}
