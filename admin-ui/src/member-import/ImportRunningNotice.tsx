import { Alert, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ImportRunningDto } from '@coop/contracts/console';
import { api } from '../session/api';
import { formatCount, formatDateTime } from '../format';

/** How often a running import's progress is asked for again. */
const POLL_MS = 5000;

/**
 * Says that an import is being written (issue 40, `GET /import/running`): the member list and the dashboard are not
 * the whole register until it ends. Nothing while none runs (or when the answer cannot be read: the list itself says
 * what failed). Looked at again every few seconds while one runs.
 */
export function ImportRunningNotice() {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['import', 'running'],
    queryFn: async () => (await api<ImportRunningDto>('/import/running')).body,
    refetchInterval: (q) => (q.state.data?.running ? POLL_MS : false),
    retry: false,
  });
  const running = query.data;
  if (!running?.running) return null;
  const percent = running.chunks > 0 ? Math.round((100 * running.chunksWritten) / running.chunks) : 0;
  return (
    <Alert severity="info" data-testid="import-running" sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}>
      {translate('coop.memberImport.running.notice', {
        files: running.files.join(', '),
        by: running.by,
        at: formatDateTime(running.at),
        written: formatCount(running.chunksWritten),
        chunks: formatCount(running.chunks),
      })}
      <LinearProgress
        variant="determinate"
        value={percent}
        sx={{ mt: 1 }}
        aria-label={translate('coop.memberImport.running.progress', { percent })}
      />
    </Alert>
  );
}
