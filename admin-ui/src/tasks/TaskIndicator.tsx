import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Spinner } from '../plain/icons';
import { useActiveTasks } from './queries';

/**
 * The top bar's sign that a task runs (issue 24): a small spinner linking to `/tasks` while any task of the cooperative is
 * queued or running (`GET /tasks?filter=state:queued;running`, every 2 s while one runs, else every 15 s); nothing
 * otherwise, nor while the request spinner takes its place (`hidden`: it keeps asking).
 */
export function TaskIndicator({ hidden = false }: { hidden?: boolean }) {
  const translate = useTranslate();
  const { data } = useActiveTasks(true);
  const count = data?.length ?? 0;
  if (count === 0 || hidden) return null;
  const label = translate('coop.tasks.runningCount', { smart_count: count });
  return (
    <RouterLink
      to="/tasks"
      className="cl-btn cl-btn-inherit cl-task-running"
      data-testid="tasks-running"
      aria-label={label}
      title={label}
    >
      <Spinner size={20} inherit label={label} testId="tasks-running-spinner" />
    </RouterLink>
  );
}
