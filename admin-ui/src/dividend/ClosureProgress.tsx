import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { progressPercent } from '../tasks/model';
import { useActiveTasks } from '../tasks/queries';

/**
 * The year's closure at work (issue 40, decision 199): it runs as the task `dividendClosure`, and while that task is
 * queued or running its progress (members written of the closure's) is shown as a bar with the count, on the
 * confirmation screen while Yes waits and on the closures screen while a closure shows closing. Asked again every 2 s
 * while it works (the tasks' active list).
 */
export function ClosureProgress() {
  const translate = useTranslate();
  const task = useActiveTasks(true).data?.find((t) => t.kind === 'dividendClosure');
  if (!task) return null;
  const percent = progressPercent(task);
  const text =
    percent === null
      ? translate('coop.dividend.closureQueued')
      : translate('coop.dividend.closureProgress', { done: task.done, total: task.total });
  return (
    <Box
      role="status"
      sx={{ display: 'grid', gap: 0.5, maxWidth: 480 }}
      data-testid="dividend-closure-progress"
      data-done={task.done}
      data-total={task.total}
    >
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        {...(percent === null ? {} : { value: percent })}
        aria-label={text}
      />
      <Typography variant="body2" color="text.secondary" data-testid="dividend-closure-progress-text">
        {text}
      </Typography>
    </Box>
  );
}
