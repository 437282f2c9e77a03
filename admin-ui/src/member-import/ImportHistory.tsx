import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatDateTime } from '../format';
import { templateText } from '../notifications/model';
import { AbandonImport } from './AbandonImport';
import { useImportHistory } from './requests';

/** The imports so far (`GET /import/history`), newest first: when, by whom, the files, members, postings, entries, and whether one is still being written (issue 40). */
export function ImportHistory() {
  const translate = useTranslate();
  const history = useImportHistory();
  const t = (key: string, options?: Record<string, unknown>) => translate(`coop.memberImport.history.${key}`, options);
  const rows = history.data ?? [];
  return (
    <Box component="section" aria-labelledby="import-history-title" data-testid="import-history" sx={{ mt: 4 }}>
      <Typography id="import-history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('heading')}
      </Typography>
      {history.error ? (
        <Alert severity="error">
          {t('failed', { message: history.error instanceof Error ? history.error.message : String(history.error) })}
        </Alert>
      ) : !history.isPending && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="import-history-empty">
          {t('empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="import-history-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('at')}</TableCell>
                <TableCell>{t('by')}</TableCell>
                <TableCell>{t('files')}</TableCell>
                <TableCell align="right">{t('members')}</TableCell>
                <TableCell align="right">{t('postings')}</TableCell>
                <TableCell align="right">{t('events')}</TableCell>
                <TableCell>{t('state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="import-history-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at)}</TableCell>
                  <TableCell>{r.by}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{r.files.join(', ')}</TableCell>
                  <TableCell align="right">{formatCount(r.members)}</TableCell>
                  <TableCell align="right">{formatCount(r.postings)}</TableCell>
                  <TableCell align="right">{formatCount(r.events)}</TableCell>
                  <TableCell data-testid="import-history-state">
                    {r.state === 'running' ? (
                      <>
                        {t('running', { written: formatCount(r.chunksWritten), chunks: formatCount(r.chunks) })}
                        <LinearProgress
                          variant="determinate"
                          value={r.chunks > 0 ? Math.round((100 * r.chunksWritten) / r.chunks) : 0}
                          aria-label={t('running', {
                            written: formatCount(r.chunksWritten),
                            chunks: formatCount(r.chunks),
                          })}
                        />
                        <AbandonImport row={r} />
                      </>
                    ) : r.state === 'abandoned' ? (
                      <>
                        {t('abandoned', { written: formatCount(r.chunksWritten), chunks: formatCount(r.chunks) })}
                        {/* Stopped by itself (decision 301): why, as the clerk was told when it stopped. */}
                        {r.abandonReason ? (
                          <Typography variant="body2" color="text.secondary" data-testid="import-history-reason">
                            {templateText(translate, r.abandonReason.template, r.abandonReason.parameters)}
                          </Typography>
                        ) : null}
                      </>
                    ) : (
                      t('written')
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
