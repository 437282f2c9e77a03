import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { kindName, templateText } from '../notifications/model';
import { isActive, progressPercent } from './model';
import { downloadTaskFile, useTask } from './queries';

/**
 * A download that became a background task (a 202 answer: large exports, statements, the closure's tax certificates):
 * its progress while it works, then its state and its files to download in place. A rejected task's reason (a file
 * past its budget: `renderBudgetExceeded`) and errors are shown in the clerk's language, as the task list shows them.
 */
export function BackgroundTaskNotice({ taskId, testId }: { taskId: string; testId: string }) {
  const translate = useTranslate();
  const task = useTask(taskId || undefined).data;
  const [failed, setFailed] = useState<string | null>(null);
  if (!task) return null;
  const kind = kindName(translate, task.kind);
  const percent = progressPercent(task);
  if (isActive(task)) {
    return (
      <Box sx={{ maxWidth: 360, mt: 1 }} data-testid={`${testId}-progress`}>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          {...(percent === null ? {} : { value: percent })}
          aria-label={
            percent === null
              ? translate('coop.tasks.progressUnknown', { kind })
              : translate('coop.tasks.progressLabel', { kind, done: task.done, total: task.total })
          }
        />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
      <Typography variant="body2" data-testid={`${testId}-state`} data-state={task.state}>
        {translate(`coop.tasks.states.${task.state}`, { _: task.state })}
      </Typography>
      {task.reason ? (
        <Typography variant="body2" color="warning.dark" data-testid={`${testId}-reason`}>
          {templateText(translate, task.reason.template, task.reason.parameters)}
        </Typography>
      ) : null}
      {task.error ? (
        <Typography variant="body2" color="error">
          {templateText(translate, task.error)}
        </Typography>
      ) : null}
      {task.files.map((f) => (
        <Button
          key={f.fileId}
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={translate('coop.tasks.download', { name: f.name })}
          onClick={() =>
            void downloadTaskFile(task.id, f.fileId, f.name).then(
              () => setFailed(null),
              (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
            )
          }
          sx={{ textTransform: 'none' }}
          data-testid={`${testId}-file`}
        >
          {f.name}
        </Button>
      ))}
      {failed ? (
        <Typography color="error" variant="body2">
          {translate('coop.payouts.downloadFailed', { message: failed })}
        </Typography>
      ) : null}
    </Box>
  );
}
