import SyncIcon from '@mui/icons-material/Sync';
import { Box, Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Failed } from '../dividend/parts';
import { can, useSession } from '../session/session';
import { startReadModelRebuild } from './queries';

/**
 * The task list's "Rebuild read models" (issue 41, decision 201): for the super administrator only (the server's
 * `projections:rebuild`). Queues the rebuild as a task; its row then shows the events replayed and the phase, and
 * every screen keeps answering from the current read models until the switch. A refusal is shown in place.
 */
export function RebuildReadModelsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const allowed = can(useSession(), 'projections:rebuild');
  const start = useMutation({
    mutationFn: startReadModelRebuild,
    onSuccess: async () => {
      notify('coop.tasks.rebuild.started', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
  if (!allowed) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<SyncIcon />}
        disabled={start.isPending}
        onClick={() => start.mutate()}
        data-testid="tasks-rebuild"
      >
        {translate('coop.tasks.rebuild.start')}
      </Button>
      {start.error ? <Failed error={start.error} testId="tasks-rebuild-refused" /> : null}
    </Box>
  );
}
