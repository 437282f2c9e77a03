import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PaymentsIcon from '@mui/icons-material/Payments';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ValidationTemplate } from '@coop/contracts/console';
import { validationMessage } from '../data/validationErrors';
import { formatCount, formatDate, formatMoney, parseDateText } from '../format';
import { today } from '../members/model';
import { downloadFile } from '../session/download';
import { payableAmount, settlementName, settlementPaths, type SettlementCheck, type SettlementRecord } from './model';
import { useCheckSettlements, usePaySettlements } from './queries';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The payout of the selected settlements: the payout date, "Check" (`POST /settlements/check`: the count, the sum and
 * each refusal with its member), "Record payout" after a confirmation (`POST /settlements/pay`), and the SEPA file of
 * the payout date. `canPay`: the clerk closes the dividend (the API refuses others anyway).
 */
export function PayoutBar(props: {
  year: number;
  rows: readonly SettlementRecord[];
  selected: readonly string[];
  canPay: boolean;
  onPaid: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [dateText, setDateText] = useState(formatDate(today()));
  const [checked, setChecked] = useState<SettlementCheck | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const check = useCheckSettlements();
  const pay = usePaySettlements();
  const payoutDate = parseDateText(dateText) ?? dateText;
  const payout = { ids: props.selected, payoutDate };
  const byId = new Map(props.rows.map((r) => [r.id, r]));
  const nameOf = (id: string) => {
    const row = byId.get(id);
    return row ? settlementName(row) : id;
  };
  const runCheck = () => {
    setChecked(null);
    check.mutate(payout, { onSuccess: setChecked });
  };
  /**
   * "Record payout" checks first (decision 371): the server records all or none, so the confirmation opens only when
   * the check refuses nothing, and names the check's count and sum; otherwise the check's refusals stay on screen.
   */
  const confirm = () => {
    setChecked(null);
    check.mutate(payout, {
      onSuccess: (result) => {
        setChecked(result);
        if (result.count > 0 && result.refusals.length === 0) setConfirming(true);
      },
    });
  };
  const refused = checked !== null && (checked.count === 0 || checked.refusals.length > 0);
  const record = () => {
    pay.mutate(payout, {
      onSuccess: () => {
        setConfirming(false);
        setChecked(null);
        notify('coop.settlements.recorded', { type: 'success' });
        props.onPaid();
      },
    });
  };
  const sepa = async () => {
    setFileError(null);
    try {
      const file = settlementPaths.sepa(props.year, payoutDate);
      await downloadFile(file.path, file.name);
    } catch (error) {
      setFileError(messageOf(error));
    }
  };
  const nothing = props.selected.length === 0;
  const sum = props.selected.reduce((total, id) => {
    const row = byId.get(id);
    return total + (row ? payableAmount(row) : 0);
  }, 0);
  return (
    <Box
      component="section"
      aria-labelledby="settlement-payout-title"
      sx={{ display: 'grid', gap: 1, mt: 2 }}
      data-testid="settlement-payout"
    >
      <Typography variant="subtitle1" component="h2" id="settlement-payout-title">
        {translate('coop.settlements.selected', { count: formatCount(props.selected.length) })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('coop.settlements.payoutDate')}
          helperText={translate('coop.form.dateHint')}
          value={dateText}
          onChange={(e) => {
            setDateText(e.target.value);
            setChecked(null);
          }}
          slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'settlement-payout-date' } }}
        />
        {props.canPay ? (
          <>
            <Button
              variant="outlined"
              startIcon={<FactCheckIcon />}
              onClick={runCheck}
              disabled={nothing || check.isPending}
              data-testid="settlement-check"
            >
              {translate('coop.settlements.check')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PaymentsIcon />}
              onClick={confirm}
              disabled={nothing || refused || pay.isPending || check.isPending}
              data-testid="settlement-record"
            >
              {translate('coop.settlements.record')}
            </Button>
          </>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<AccountBalanceIcon />}
          onClick={() => void sepa()}
          aria-describedby="settlement-sepa-hint"
          data-testid="settlement-sepa"
        >
          {translate('coop.settlements.sepa')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" id="settlement-sepa-hint">
        {translate('coop.settlements.sepaHint')}
      </Typography>
      {check.error ? (
        <Alert severity="error" data-testid="settlement-check-error">
          {messageOf(check.error)}
        </Alert>
      ) : null}
      {checked ? (
        <Alert severity={checked.refusals.length ? 'warning' : 'success'} data-testid="settlement-check-result">
          {translate('coop.settlements.checked', {
            smart_count: checked.count,
            count: formatCount(checked.count),
            sum: formatMoney(checked.sum),
          })}
          {refused ? (
            <Box data-testid="settlement-check-blocks">{translate('coop.settlements.checkBlocks')}</Box>
          ) : null}
          {checked.refusals.map((r) => (
            <Box key={`${r.id}-${r.template}`} data-testid="settlement-check-refusal" data-id={r.id}>
              {translate('coop.settlements.checkRefused', {
                name: nameOf(r.id),
                message: validationMessage({
                  field: r.field ?? '',
                  template: r.template as ValidationTemplate,
                  parameters: Object.fromEntries(r.parameters.map((p, i) => [String(i), p])),
                }),
              })}
            </Box>
          ))}
        </Alert>
      ) : null}
      {fileError ? (
        <Alert severity="error" data-testid="settlement-sepa-error">
          {translate('coop.settlements.downloadFailed', { message: fileError })}
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="settlement-confirm-title"
        data-testid="settlement-confirm"
      >
        <DialogTitle id="settlement-confirm-title">{translate('coop.settlements.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="settlement-confirm-text">
            {translate('coop.settlements.confirm', {
              smart_count: checked?.count ?? props.selected.length,
              count: formatCount(checked?.count ?? props.selected.length),
              sum: formatMoney(checked?.sum ?? sum),
              date: formatDate(payoutDate),
            })}
          </DialogContentText>
          {pay.error ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="settlement-pay-error">
              {messageOf(pay.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} data-testid="settlement-confirm-no">
            {translate('coop.settlements.cancel')}
          </Button>
          <Button variant="contained" onClick={record} disabled={pay.isPending} data-testid="settlement-confirm-yes">
            {translate('coop.settlements.confirmYes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
