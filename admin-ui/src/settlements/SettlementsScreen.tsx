import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { downloadFile } from '../session/download';
import { can, useSession } from '../session/session';
import { dueIds, keepDue, settlementPaths, yearFrom, type SettlementRecord } from './model';
import { today } from '../members/model';
import { PayoutBar } from './PayoutBar';
import { HeirsDialog } from './HeirsDialog';
import { ReverseDialog } from './ReverseDialog';
import { SettlementsTable } from './SettlementsTable';
import { TermsPanel } from './TermsPanel';
import { useSettlements } from './queries';

/** The years offered: the last ten before this one and this one, newest first. */
const yearChoices = (now = new Date()): number[] => Array.from({ length: 11 }, (_, i) => now.getFullYear() - i);

/**
 * "Auseinandersetzung" (§ 73 GenG, issue 42): a financial year's ends with their settlement; the terms they follow (the
 * payout period, the year's loss share), the payout of the selected ones, a correction, the SEPA file and the statements. The payout and the correction are shown to the clerks who close
 * the dividend (`ROLE_ADMIN`, `ROLE_USER`); the API enforces the roles and the cooperative.
 */
export default function SettlementsScreen() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const year = yearFrom(location.search);
  const session = useSession();
  const canPay = can(session, 'dividend:close');
  const list = useSettlements(year);
  const rows = list.data ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const [reversing, setReversing] = useState<SettlementRecord | null>(null);
  const [heirsOf, setHeirsOf] = useState<SettlementRecord | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  useEffect(() => setSelected((current) => keepDue(current, list.data ?? [], today())), [list.data]);
  const years = yearChoices();
  const statement = async (row: SettlementRecord) => {
    setFileError(null);
    try {
      const file = settlementPaths.statement(row);
      await downloadFile(file.path, file.name);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Card component="section" aria-labelledby="settlements-title" data-testid="settlements" sx={{ mt: 1 }}>
      <CardHeader
        id="settlements-title"
        title={translate('coop.settlements.title', { year })}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <TextField
            select
            size="small"
            label={translate('coop.settlements.year')}
            value={years.includes(year) ? year : ''}
            onChange={(e) => {
              setSelected([]);
              navigate(`/settlements?year=${Number(e.target.value)}`);
            }}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'settlement-year' } as object } }}
          >
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 260 }}>
            {translate('coop.settlements.intro', { year })}
          </Typography>
        </Box>
        <TermsPanel
          year={year}
          dueCount={dueIds(rows, today()).length}
          canSetPeriod={can(session, 'cooperative:write')}
          canSetLossShare={canPay}
        />
        {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {list.error ? (
          <Alert severity="error" data-testid="settlements-error">
            {list.error.message}
          </Alert>
        ) : null}
        {list.isSuccess && rows.length === 0 ? (
          <Typography data-testid="settlements-empty">{translate('coop.settlements.empty', { year })}</Typography>
        ) : null}
        {rows.length > 0 ? (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <SettlementsTable
                rows={rows}
                selected={selected}
                onSelect={setSelected}
                canPay={canPay}
                onStatement={(row) => void statement(row)}
                onReverse={setReversing}
                onHeirs={setHeirsOf}
              />
            </Box>
            {fileError ? (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="settlement-statement-error">
                {translate('coop.settlements.downloadFailed', { message: fileError })}
              </Alert>
            ) : null}
            <PayoutBar year={year} rows={rows} selected={selected} canPay={canPay} onPaid={() => setSelected([])} />
          </>
        ) : null}
      </CardContent>
      {reversing ? <ReverseDialog row={reversing} onClose={() => setReversing(null)} /> : null}
      {heirsOf ? <HeirsDialog row={heirsOf} onClose={() => setHeirsOf(null)} /> : null}
    </Card>
  );
}
