import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { requiredField } from '../common/requiredField';
import { formatDate, parseDateText, parseEuroToCents } from '../format';
import {
  LOSS_SHARE_KINDS,
  TERMS_INPUT_MAX,
  lossShareFormOf,
  lossShareRequest,
  withdrawLossShareRequest,
  type LossShare,
  type LossShareForm,
  type LossShareKind,
} from './model';
import { useSetLossShare } from './queries';
import { refusalByField } from './refusals';
import { lossShareText } from './termsText';

const FIELDS = ['kind', 'percent', 'centsPerShare', 'decisionDate'] as const;
type Typed = 'percent' | 'amountPerShare' | 'decisionDate';

/** The required fields left empty, each with the text the server would give (`mustNotBeEmpty`). */
function emptyFields(form: LossShareForm): Partial<Record<Typed, string>> {
  const typed: Typed[] = [form.kind === 'percent' ? 'percent' : 'amountPerShare', 'decisionDate'];
  const out: Partial<Record<Typed, string>> = {};
  for (const field of typed) {
    const key = requiredField(form[field]);
    if (key) out[field] = key;
  }
  return out;
}

/**
 * The general meeting's loss share for `year` (`PUT /settlements/loss-shares`): a percentage of the holding or an amount
 * per share, with the decision's date. It lowers the amount of every settlement of the year still due (never below zero),
 * so saving asks first, naming the year and the due count; a decision is withdrawn the same way. The server's refusal is
 * shown under its field.
 */
export function LossShareDialog({
  year,
  share,
  dueCount,
  onClose,
}: {
  year: number;
  share: LossShare | null;
  dueCount: number;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.settlements.terms.${key}`, options);
  const notify = useNotify();
  const save = useSetLossShare();
  const [form, setForm] = useState<LossShareForm>(() => lossShareFormOf(share));
  const [confirming, setConfirming] = useState<'save' | 'withdraw' | null>(null);
  const [missing, setMissing] = useState<Partial<Record<Typed, string>>>({});
  const refusal = refusalByField(save.error, FIELDS);
  /** Under each field: "must not be empty" before saving, else the server's refusal. */
  const problem: Record<Typed, string | undefined> = {
    percent: missing.percent ? translate(missing.percent) : refusal.percent,
    amountPerShare: missing.amountPerShare ? translate(missing.amountPerShare) : refusal.centsPerShare,
    decisionDate: missing.decisionDate ? translate(missing.decisionDate) : refusal.decisionDate,
  };
  const set = (change: Partial<LossShareForm>) => {
    setForm({ ...form, ...change });
    setMissing({});
  };
  const askToSave = () => {
    const empty = emptyFields(form);
    setMissing(empty);
    if (Object.keys(empty).length === 0) setConfirming('save');
  };
  const body =
    confirming === 'withdraw' && share
      ? withdrawLossShareRequest(year, share.decisionDate)
      : lossShareRequest(year, form);
  const record = () =>
    save.mutate(body, {
      onSuccess: () => {
        notify(
          confirming === 'withdraw' ? 'coop.settlements.terms.lossWithdrawn' : 'coop.settlements.terms.lossSaved',
          { type: 'success' },
        );
        setConfirming(null);
        onClose();
      },
      onError: () => setConfirming(null),
    });
  const decided = parseDateText(form.decisionDate);
  const perShareCents = parseEuroToCents(form.amountPerShare);
  const what =
    form.kind === 'percent'
      ? lossShareText(translate, {
          kind: 'percent',
          percent: form.percent.trim().replace(',', '.'),
          centsPerShare: null,
        })
      : perShareCents !== null
        ? lossShareText(translate, { kind: 'perShare', percent: null, centsPerShare: perShareCents })
        : t('perShareTyped', { amount: form.amountPerShare.trim() });
  return (
    <Dialog open onClose={onClose} aria-labelledby="settlement-loss-title" data-testid="settlement-loss-dialog">
      <DialogTitle id="settlement-loss-title">{t('lossTitle', { year })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('lossText', { year })}</DialogContentText>
        <FormControl margin="dense" error={!!refusal.kind}>
          <FormLabel id="settlement-loss-kind-label" required>
            {t('kind')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="settlement-loss-kind-label"
            value={form.kind}
            onChange={(e) => set({ kind: e.target.value as LossShareKind })}
          >
            {LOSS_SHARE_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                value={kind}
                control={<Radio slotProps={{ input: { 'data-testid': `settlement-loss-kind-${kind}` } as object }} />}
                label={t(`kinds.${kind}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {form.kind === 'percent' ? (
          <TextField
            label={t('percent')}
            value={form.percent}
            onChange={(e) => set({ percent: e.target.value })}
            required={requiredField.isRequired}
            fullWidth
            margin="dense"
            error={!!problem.percent}
            helperText={problem.percent ?? t('percentHint')}
            slotProps={{
              htmlInput: {
                maxLength: TERMS_INPUT_MAX.percent,
                inputMode: 'decimal',
                'data-testid': 'settlement-loss-percent',
              },
            }}
          />
        ) : (
          <TextField
            label={t('amountPerShare')}
            value={form.amountPerShare}
            onChange={(e) => set({ amountPerShare: e.target.value })}
            required={requiredField.isRequired}
            fullWidth
            margin="dense"
            error={!!problem.amountPerShare}
            helperText={problem.amountPerShare ?? t('amountPerShareHint')}
            slotProps={{
              htmlInput: {
                maxLength: TERMS_INPUT_MAX.amountPerShare,
                inputMode: 'decimal',
                'data-testid': 'settlement-loss-amount',
              },
            }}
          />
        )}
        <TextField
          label={t('decisionDate')}
          value={form.decisionDate}
          onChange={(e) => set({ decisionDate: e.target.value })}
          required={requiredField.isRequired}
          fullWidth
          margin="dense"
          error={!!problem.decisionDate}
          helperText={problem.decisionDate ?? translate('coop.form.dateHint')}
          slotProps={{ htmlInput: { maxLength: TERMS_INPUT_MAX.decisionDate, 'data-testid': 'settlement-loss-date' } }}
        />
        {refusal.other ? (
          <Alert severity="error" data-testid="settlement-loss-error">
            {refusal.other}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {share ? (
          <Button
            color="warning"
            onClick={() => setConfirming('withdraw')}
            disabled={save.isPending}
            data-testid="settlement-loss-withdraw"
            sx={{ mr: 'auto' }}
          >
            {t('withdraw')}
          </Button>
        ) : null}
        <Button onClick={onClose} data-testid="settlement-loss-cancel">
          {translate('coop.settlements.cancel')}
        </Button>
        <Button variant="contained" onClick={askToSave} disabled={save.isPending} data-testid="settlement-loss-save">
          {t('save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming !== null}
        testId="settlement-loss-confirm"
        title={t(confirming === 'withdraw' ? 'withdrawConfirmTitle' : 'lossConfirmTitle', { year })}
        content={
          confirming === 'withdraw'
            ? t('withdrawConfirm', { year, smart_count: dueCount })
            : t('lossConfirm', {
                year,
                what,
                date: decided ? formatDate(decided) : form.decisionDate,
                smart_count: dueCount,
              })
        }
        confirmLabel={t(confirming === 'withdraw' ? 'withdrawYes' : 'lossYes')}
        cancelLabel={translate('coop.settlements.cancel')}
        busy={save.isPending}
        onConfirm={record}
        onClose={() => setConfirming(null)}
      />
    </Dialog>
  );
}
