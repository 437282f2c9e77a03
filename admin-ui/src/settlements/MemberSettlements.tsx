import DescriptionIcon from '@mui/icons-material/Description';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SettlementDto } from '@coop/contracts/console';
import { formatDate, formatMoney } from '../format';
import { downloadFile } from '../session/download';
import { settlementName, settlementPaths } from './model';
import { LatePart, State } from './SettlementsTable';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The member dashboard's "Settlement" (issue 42): each end of the member's membership or single shares with its
 * settlement, due (with its deadline) or paid (with the day and the statement to download); the year opens the
 * settlement screen of that year, where the payout is recorded. Shown only for a member with an end.
 */
export function MemberSettlements({ settlements }: { settlements: readonly SettlementDto[] | undefined }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.settlements.${key}`, options);
  const [fileError, setFileError] = useState<string | null>(null);
  if (!settlements || settlements.length === 0) return null;
  const statement = async (row: SettlementDto) => {
    setFileError(null);
    try {
      const file = settlementPaths.statement(row);
      await downloadFile(file.path, file.name);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  const head = (key: string, right = false) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {t(`fields.${key}`)}
    </TableCell>
  );
  return (
    <Card component="section" aria-labelledby="member-settlements-title" data-testid="member-settlements">
      <CardHeader
        id="member-settlements-title"
        title={t('member.title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
        {fileError ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="member-settlement-file-error">
            {t('downloadFailed', { message: fileError })}
          </Alert>
        ) : null}
        <Table size="small">
          <TableHead>
            <TableRow>
              {head('reason')}
              {head('endDate')}
              {head('holding', true)}
              {head('lossShare', true)}
              {head('amount', true)}
              {head('deadline')}
              {head('status')}
              <TableCell sx={{ fontWeight: 600 }}>{t('fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settlements.map((row) => (
              <TableRow key={row.id} data-testid="member-settlement" data-status={row.status}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/settlements?year=${row.year}`}
                    aria-label={`${t(`reasons.${row.reason}`)}: ${t('member.openYear', { year: row.year })}`}
                  >
                    {t(`reasons.${row.reason}`)}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.endDate)}</TableCell>
                <TableCell align="right" sx={money}>
                  {formatMoney(row.holding)}
                  <LatePart row={row} />
                </TableCell>
                <TableCell align="right" sx={money}>
                  {row.lossShare > 0 ? formatMoney(-row.lossShare) : formatMoney(0)}
                </TableCell>
                <TableCell align="right" sx={money} data-testid="member-settlement-amount">
                  {formatMoney(row.amount)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.deadline)}</TableCell>
                <TableCell>
                  <State row={row} />
                </TableCell>
                <TableCell>
                  {row.status === 'paid' ? (
                    <Tooltip title={t('statementOf', { name: settlementName(row) })}>
                      <IconButton
                        size="small"
                        onClick={() => void statement(row)}
                        aria-label={t('statementOf', { name: settlementName(row) })}
                        data-testid="member-settlement-statement"
                      >
                        <DescriptionIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
