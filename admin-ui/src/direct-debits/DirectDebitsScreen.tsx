import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  LinearProgress,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { downloadFile } from '../session/download';
import { can, useSession } from '../session/session';
import { AboveOutstanding } from './AboveOutstanding';
import { CollectionForm } from './CollectionForm';
import { collectionFileName, directDebitPaths, type CollectionDto } from './model';
import { useCollections } from './queries';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * "Lastschriften / Direct debits" (issue 45): the collections made, each with its pain.008 file to download for the
 * bank, and (for the clerks who write members) a new collection of the outstanding dues chosen.
 */
export default function DirectDebitsScreen() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.${key}`, options);
  const session = useSession();
  const collections = useCollections();
  const [fileError, setFileError] = useState<string | null>(null);
  const download = async (c: CollectionDto) => {
    setFileError(null);
    try {
      await downloadFile(directDebitPaths.file(c.id), collectionFileName(c));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  const rows = collections.data ?? [];
  const head = (key: string, right = false) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {t(`fields.${key}`)}
    </TableCell>
  );
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card component="section" aria-labelledby="direct-debits-title" data-testid="direct-debits">
        <CardHeader
          id="direct-debits-title"
          title={t('title')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('intro')}
          </Typography>
          {collections.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
          {collections.error ? <Alert severity="error">{collections.error.message}</Alert> : null}
          {fileError ? (
            <Alert severity="error" sx={{ mb: 1 }} data-testid="direct-debit-file-error">
              {t('downloadFailed', { message: fileError })}
            </Alert>
          ) : null}
          {collections.isSuccess && rows.length === 0 ? (
            <Typography data-testid="direct-debits-empty">{t('empty')}</Typography>
          ) : null}
          {rows.length > 0 ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  {head('collectionDate')}
                  {head('createdOn')}
                  {head('count', true)}
                  {head('total', true)}
                  {head('returned', true)}
                  {head('state')}
                  <TableCell sx={{ fontWeight: 600 }}>{t('fields.file')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((c) => (
                  <Fragment key={c.id}>
                    <TableRow data-testid="direct-debit-row">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.collectionDate)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.createdOn)}</TableCell>
                      <TableCell align="right">{c.count}</TableCell>
                      <TableCell align="right" sx={money}>
                        {formatMoney(c.totalCents)}
                      </TableCell>
                      <TableCell align="right" sx={money}>
                        {c.returned > 0 ? `${c.returned} (${formatMoney(c.returnedCents)})` : '0'}
                      </TableCell>
                      <TableCell>
                        {c.complete ? t('complete') : t('writing', { booked: c.booked, count: c.count })}
                      </TableCell>
                      <TableCell>
                        <Tooltip title={t('download', { date: formatDate(c.collectionDate) })}>
                          <IconButton
                            size="small"
                            onClick={() => void download(c)}
                            aria-label={t('download', { date: formatDate(c.collectionDate) })}
                            data-testid="direct-debit-download"
                          >
                            <DownloadIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                    {c.aboveOutstanding.length > 0 ? (
                      <TableRow>
                        <TableCell colSpan={7} sx={{ pt: 0 }}>
                          <AboveOutstanding items={c.aboveOutstanding} testId="direct-debit-above-outstanding" />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </CardContent>
      </Card>
      {can(session, 'directdebits:write') ? <CollectionForm /> : null}
    </Box>
  );
}
