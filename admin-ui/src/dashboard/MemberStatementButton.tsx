import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Button, Link } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { downloadFile } from '../session/download';
import type { TaskRecord } from '../tasks/model';
import { BackgroundTaskNotice } from '../tasks/BackgroundTaskNotice';
import { memberStatementRequest } from './exports';

/**
 * The member dashboard's "Statement of account" (issue 26): the member's own statement as of today
 * (`GET /pdf/member-statement-of-account?member=<id>`), saved under the server's file name. A refusal is shown under
 * the header; should the server ever take it to the background (202), the notice follows the task.
 */
export function MemberStatementButton({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [background, setBackground] = useState<string | null>(null);
  const click = async () => {
    setBusy(true);
    setFailed(null);
    setBackground(null);
    const request = memberStatementRequest(memberId);
    try {
      const done = await downloadFile(request.path, request.name);
      if ('accepted' in done) {
        await queryClient.invalidateQueries({ queryKey: ['tasks'] });
        const task = done.accepted as Partial<TaskRecord> | null;
        setBackground(typeof task?.id === 'string' ? task.id : '');
      }
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReceiptLongIcon />}
        disabled={busy}
        title={translate('coop.exports.memberStatementHint')}
        onClick={() => void click()}
        data-testid="member-statement"
      >
        {translate('coop.exports.memberStatement')}
      </Button>
      {failed || background !== null ? (
        <Alert
          severity={failed ? 'error' : 'info'}
          sx={{ flexBasis: '100%' }}
          data-testid={failed ? 'member-statement-failed' : 'member-statement-background'}
        >
          {failed ? (
            translate('coop.exports.failed', { name: translate('coop.exports.memberStatement'), message: failed })
          ) : (
            <>
              {translate('coop.exports.background', { name: translate('coop.exports.memberStatement') })}{' '}
              <Link component={RouterLink} to="/tasks">
                {translate('coop.exports.toTasks')}
              </Link>
              <BackgroundTaskNotice taskId={background ?? ''} testId="member-statement-background" />
            </>
          )}
        </Alert>
      ) : null}
    </>
  );
}
