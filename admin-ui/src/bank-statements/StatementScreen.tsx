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
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { BankStatementEntryDto } from '@coop/contracts/console';
import { Fragment, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AddressPagination, useAddressPage } from '../common/AddressPagination';
import { formatDate, formatIban, formatMoney } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import { can, useSession } from '../session/session';
import { confirmationsOf, ENTRY_STATES, entryStateOf, isOpen, memberFor, withEntry } from './model';
import { useBankStatement, useDecideEntries } from './queries';

const STATE_COLOR = {
  matched: 'info',
  unmatched: 'warning',
  confirmed: 'success',
  ignored: 'default',
  listed: 'default',
} as const;

/** Hidden on screen, read by screen readers: the selection column's name (its cells show checkboxes). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * Why a credit waits for the clerk. When its text named a member who owes nothing or less than the amount, the member
 * is named ("member 27 Monika Meier owes nothing on shares"): the picker beside it stays empty, and "the member" alone
 * left the clerk guessing which one the matching read.
 */
function reasonText(entry: BankStatementEntryDto, translate: (key: string, options?: object) => string): string {
  const named = entry.memberId !== null && ['nothingOutstanding', 'aboveOutstanding'].includes(entry.unmatched ?? '');
  return named
    ? translate(`coop.bankStatements.reasons.${entry.unmatched}Of`, {
        member: `${entry.memberNr ?? ''} ${entry.memberName}`.trim(),
      })
    : translate(`coop.bankStatements.reasons.${entry.unmatched}`);
}

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
        <Typography variant="caption" data-testid="entry-reason">
          {reasonText(entry, translate)}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * One bank statement (issue 45): its entries in the file's order with their match state, a page at a time (`page`,
 * `perPage` and `state` in the address; decision 317). The clerk selects the open credits to book, on any page,
 * chooses the member of those the matching could not assign, confirms them in a dialog, or sets entries aside; each
 * confirmed entry is booked as a payment on shares on the member's oldest outstanding subscriptions.
 */
export default function StatementScreen() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.bankStatements.${key}`, options);
  const notify = useNotify();
  const { id = '' } = useParams();
  const session = useSession();
  const canWrite = can(session, 'bankstatements:write');
  const at = useAddressPage();
  const state = entryStateOf(at.query.get('state'));
  const detail = useBankStatement(id, at.page, at.perPage, state);
  const decide = useDecideEntries(id);
  // The entries selected, on this page or another one, by entry id.
  const [picked, setPicked] = useState<Record<string, BankStatementEntryDto>>({});
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const [asking, setAsking] = useState<'confirm' | 'ignore' | null>(null);
  const statement = detail.data;
  const entries = statement?.entryList ?? [];
  const selectedEntries = Object.values(picked);
  const selected = new Set(Object.keys(picked));
  const confirmations = confirmationsOf(selectedEntries, selected, chosen);
  const ignoring = selectedEntries.filter(isOpen).map((e) => e.entryId);
  const sum = selectedEntries
    .filter((e) => confirmations.some((c) => c.entryId === e.entryId))
    .reduce((s, e) => s + e.amount, 0);
  const toggle = (entry: BankStatementEntryDto) =>
    setPicked((p) => withEntry(p, entry, !Object.hasOwn(p, entry.entryId)));
  const run = () => {
    const decision = asking === 'confirm' ? { confirm: confirmations } : { ignore: ignoring };
    decide.mutate(decision, {
      onSuccess: () => {
        notify(asking === 'confirm' ? 'coop.bankStatements.confirmed' : 'coop.bankStatements.ignored', {
          type: 'success',
        });
        setPicked({});
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
        {statement ? (
          <TextField
            select
            size="small"
            label={t('showState')}
            value={state}
            onChange={(e) => at.change({ state: e.target.value === '' ? null : e.target.value, page: null })}
            sx={{ minWidth: 200, mb: 1 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'bank-statement-state' } as object },
            }}
          >
            <MenuItem value="">{t('allStates')}</MenuItem>
            {ENTRY_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`states.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {statement && entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="bank-statement-no-entries">
            {t('noEntries')}
          </Typography>
        ) : null}
        {entries.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="bank-statement-title" data-testid="bank-statement-entries">
              <TableHead>
                <TableRow>
                  {/* The column's name for screen readers only: shown, "Auswahl" widened the table past 1024 px. */}
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      {t('fields.select')}
                    </Box>
                  </TableCell>
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
                            onChange={() => toggle(e)}
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
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="bank-statement-amount">
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
                              if (memberId) setPicked((p) => withEntry(p, e, true));
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
                      <TableCell>
                        {e.allocations.map((a, i) => (
                          <Fragment key={i}>
                            {i > 0 ? ' + ' : ''}
                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                              {formatMoney(a.amount)}
                            </Box>
                          </Fragment>
                        ))}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        {statement ? <AddressPagination total={statement.entryTotal} at={at} /> : null}
        {decide.error && asking === null ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="bank-statement-error">
            {decide.error.message}
          </Alert>
        ) : null}
        {canWrite && (statement?.open ?? 0) + selectedEntries.length > 0 ? (
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
