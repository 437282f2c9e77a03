import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { BankStatementEntryDto } from '@coop/contracts/console';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatDate, formatIban, formatMoney } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import { can, useSession } from '../session/session';
import { confirmationsOf, isOpen, memberFor } from './model';
import { useBankStatement, useDecideEntries } from './queries';

const STATE_COLOR = {
  matched: 'info',
  unmatched: 'warning',
  confirmed: 'success',
  ignored: 'default',
  listed: 'default',
} as const;

/** One entry's state: proposed, to assign (and why), booked, set aside, or listed only. */
function EntryState({ entry }: { entry: BankStatementEntryDto }) {
  const translate = useTranslate();
  const color = STATE_COLOR[entry.state as keyof typeof STATE_COLOR] ?? 'default';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        color={color}
        variant={entry.state === 'matched' ? 'outlined' : 'filled'}
        label={translate(`coop.bankStatements.states.${entry.state}`)}
        data-testid={`entry-state-${entry.state}`}
      />
      {entry.unmatched ? (
        <Typography variant="caption">{translate(`coop.bankStatements.reasons.${entry.unmatched}`)}</Typography>
      ) : null}
    </Box>
  );
}

/**
 * One bank statement (issue 45): its entries in the file's order with their match state. The clerk selects the open
 * credits to book, chooses the member of those the matching could not assign, confirms them in a dialog, or sets
 * entries aside; each confirmed entry is booked as a payment on shares on the member's oldest outstanding subscriptions.
 */
export default function StatementScreen() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.bankStatements.${key}`, options);
  const notify = useNotify();
  const { id = '' } = useParams();
  const session = useSession();
  const canWrite = can(session, 'bankstatements:write');
  const detail = useBankStatement(id);
  const decide = useDecideEntries(id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const [asking, setAsking] = useState<'confirm' | 'ignore' | null>(null);
  const statement = detail.data;
  const entries = statement?.entryList ?? [];
  const confirmations = confirmationsOf(entries, selected, chosen);
  const ignoring = entries.filter((e) => isOpen(e) && selected.has(e.entryId)).map((e) => e.entryId);
  const sum = entries
    .filter((e) => confirmations.some((c) => c.entryId === e.entryId))
    .reduce((s, e) => s + e.amount, 0);
  const toggle = (entryId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });
  const run = () => {
    const decision = asking === 'confirm' ? { confirm: confirmations } : { ignore: ignoring };
    decide.mutate(decision, {
      onSuccess: () => {
        notify(asking === 'confirm' ? 'coop.bankStatements.confirmed' : 'coop.bankStatements.ignored', {
          type: 'success',
        });
        setSelected(new Set());
        setAsking(null);
      },
    });
  };
  return (
    <Card component="section" aria-labelledby="bank-statement-title" data-testid="bank-statement" sx={{ mt: 1 }}>
      <CardHeader
        id="bank-statement-title"
        title={t('statementTitle', { id: statement?.bankStatementId ?? '' })}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {detail.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {detail.error ? <Alert severity="error">{detail.error.message}</Alert> : null}
        {statement ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('summary', {
              account: formatIban(statement.account),
              credits: statement.credits,
              smart_count: statement.credits,
              sum: formatMoney(statement.creditSum),
              open: statement.open,
              confirmed: formatMoney(statement.confirmedSum),
            })}
          </Typography>
        ) : null}
        {entries.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="bank-statement-title" data-testid="bank-statement-entries">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">{t('fields.select')}</TableCell>
                  <TableCell>{t('fields.bookingDate')}</TableCell>
                  <TableCell align="right">{t('fields.amount')}</TableCell>
                  <TableCell>{t('fields.party')}</TableCell>
                  <TableCell>{t('fields.remittance')}</TableCell>
                  <TableCell>{t('fields.member')}</TableCell>
                  <TableCell>{t('fields.state')}</TableCell>
                  <TableCell>{t('fields.allocations')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => {
                  const open = isOpen(e) && canWrite;
                  const member = memberFor(e, chosen);
                  return (
                    <TableRow key={e.id} data-testid="bank-statement-entry">
                      <TableCell padding="checkbox">
                        {open ? (
                          <Checkbox
                            checked={selected.has(e.entryId)}
                            onChange={() => toggle(e.entryId)}
                            slotProps={{
                              input: {
                                'aria-label': t('selectEntry', { id: e.entryId }),
                                'data-testid': `entry-select-${e.entryId}`,
                              } as object,
                            }}
                          />
                        ) : null}
                      </TableCell>
                      <TableCell>{formatDate(e.bookingDate)}</TableCell>
                      <TableCell align="right">
                        {e.kind === 'debit'
                          ? `−${formatMoney(e.amount)}`
                          : e.currency === 'EUR'
                            ? formatMoney(e.amount)
                            : `${(e.amount / 100).toFixed(2)} ${e.currency}`}
                      </TableCell>
                      <TableCell>{e.partyName ?? ''}</TableCell>
                      <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{e.remittance}</TableCell>
                      <TableCell sx={{ minWidth: open && e.state === 'unmatched' ? 260 : undefined }}>
                        {open && e.state === 'unmatched' ? (
                          <MemberPicker
                            value={member}
                            onChange={(memberId) => {
                              setChosen((c) => ({ ...c, [e.entryId]: memberId }));
                              if (memberId) setSelected((s) => new Set(s).add(e.entryId));
                            }}
                            label={t('chooseMember')}
                            testId={`entry-member-${e.entryId}`}
                            withExited
                          />
                        ) : e.memberId ? (
                          `${e.memberNr ?? ''} ${e.memberName}`.trim()
                        ) : (
                          ''
                        )}
                      </TableCell>
                      <TableCell>
                        <EntryState entry={e} />
                      </TableCell>
                      <TableCell>{e.allocations.map((a) => formatMoney(a.amount)).join(' + ')}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        {decide.error && asking === null ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="bank-statement-error">
            {decide.error.message}
          </Alert>
        ) : null}
        {canWrite && entries.some(isOpen) ? (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={confirmations.length === 0}
              onClick={() => setAsking('confirm')}
              data-testid="bank-statement-confirm"
            >
              {t('confirmSelected', {
                count: confirmations.length,
                smart_count: confirmations.length,
                sum: formatMoney(sum),
              })}
            </Button>
            <Button
              variant="outlined"
              disabled={ignoring.length === 0}
              onClick={() => setAsking('ignore')}
              data-testid="bank-statement-ignore"
            >
              {t('ignoreSelected', { count: ignoring.length, smart_count: ignoring.length })}
            </Button>
          </Box>
        ) : null}
      </CardContent>
      {asking ? (
        <Dialog
          open
          onClose={() => setAsking(null)}
          aria-labelledby="bank-statement-dialog-title"
          data-testid="bank-statement-dialog"
        >
          <DialogTitle id="bank-statement-dialog-title">
            {t(asking === 'confirm' ? 'confirmTitle' : 'ignoreTitle')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {asking === 'confirm'
                ? t('confirmText', {
                    count: confirmations.length,
                    smart_count: confirmations.length,
                    sum: formatMoney(sum),
                  })
                : t('ignoreText', { count: ignoring.length, smart_count: ignoring.length })}
            </DialogContentText>
            {decide.error ? (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="bank-statement-dialog-error">
                {decide.error.message}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)} data-testid="bank-statement-dialog-cancel">
              {t('cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={run}
              disabled={decide.isPending}
              data-testid="bank-statement-dialog-yes"
            >
              {t(asking === 'confirm' ? 'confirmYes' : 'ignoreYes')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Card>
  );
}
