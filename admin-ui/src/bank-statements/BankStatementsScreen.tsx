import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate, formatIban, formatMoney } from '../format';
import { can, useSession } from '../session/session';
import { useBankStatements, useReadStatement } from './queries';

/** The largest statement file the API reads (20 MiB): a larger one is refused here before it is sent. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * "Kontoauszüge" (issue 45): reading a CAMT.053 file (clerks who post), and the statements read with what is still to
 * decide. The API enforces the roles, the cooperative and the file's limits.
 */
export default function BankStatementsScreen() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.bankStatements.${key}`, options);
  const session = useSession();
  const navigate = useNavigate();
  const list = useBankStatements();
  const reading = useReadStatement();
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const choose = (file: File | undefined) => {
    if (!file) return;
    reading.reset();
    setTooLarge(file.size > MAX_FILE_BYTES);
    if (file.size > MAX_FILE_BYTES) return;
    reading.mutate(file, { onSuccess: (detail) => navigate(`/bank-statements/${encodeURIComponent(detail.id)}`) });
  };
  const rows = list.data ?? [];
  return (
    <Card component="section" aria-labelledby="bank-statements-title" data-testid="bank-statements" sx={{ mt: 1 }}>
      <CardHeader
        id="bank-statements-title"
        title={t('title')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('intro')}
        </Typography>
        {can(session, 'bankstatements:write') ? (
          <Box sx={{ mb: 2 }}>
            <input
              ref={input}
              type="file"
              accept=".xml,application/xml,text/xml"
              hidden
              aria-label={t('upload')}
              data-testid="bank-statement-file"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={reading.isPending}
              data-testid="bank-statement-upload"
            >
              {t('upload')}
            </Button>
            {reading.isPending ? <LinearProgress sx={{ mt: 1 }} aria-label={t('reading')} /> : null}
            {tooLarge ? (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="bank-statement-too-large">
                {translate('coop.validation.bankStatementTooLarge', { 0: MAX_FILE_BYTES / 1024 / 1024 })}
              </Alert>
            ) : null}
            {reading.error ? (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="bank-statement-upload-error">
                {reading.error.message}
              </Alert>
            ) : null}
          </Box>
        ) : null}
        {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {list.error ? <Alert severity="error">{list.error.message}</Alert> : null}
        {list.isSuccess && rows.length === 0 ? (
          <Typography data-testid="bank-statements-empty">{t('empty')}</Typography>
        ) : null}
        {rows.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="bank-statements-title" data-testid="bank-statements-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.statement')}</TableCell>
                  <TableCell>{t('fields.account')}</TableCell>
                  <TableCell>{t('fields.period')}</TableCell>
                  <TableCell align="right">{t('fields.credits')}</TableCell>
                  <TableCell align="right">{t('fields.open')}</TableCell>
                  <TableCell align="right">{t('fields.confirmedSum')}</TableCell>
                  <TableCell>{t('fields.readOn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => (
                  <TableRow key={s.id} data-testid="bank-statement-row">
                    <TableCell>
                      <Link component={RouterLink} to={`/bank-statements/${encodeURIComponent(s.id)}`}>
                        {s.bankStatementId}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{formatIban(s.account)}</TableCell>
                    <TableCell>
                      {s.fromDate && s.toDate ? `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}` : ''}
                    </TableCell>
                    <TableCell align="right">
                      {t('creditsOf', { count: s.credits, smart_count: s.credits, sum: formatMoney(s.creditSum) })}
                    </TableCell>
                    <TableCell align="right">{s.open}</TableCell>
                    <TableCell align="right">{formatMoney(s.confirmedSum)}</TableCell>
                    <TableCell>{t('readBy', { date: formatDate(s.readOn), user: s.readBy })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
