import EditNoteIcon from '@mui/icons-material/EditNote';
import { CHURCH_NAMES, statusAppliesTo, type ChurchTaxWrite, type MemberChurchTaxDto } from '@coop/contracts/console';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { formatDate, parseDateText } from '../format';
import { api } from '../session/api';
import { churchName, today } from './model';

const CHURCH_CODES = Object.keys(CHURCH_NAMES);

/** `GET /members/{id}/church-tax`: the member's church data with where it comes from. */
function useChurchTax(memberId: string) {
  return useQuery({
    queryKey: ['members', 'church-tax', memberId],
    queryFn: async () => (await api<MemberChurchTaxDto>(`/members/${encodeURIComponent(memberId)}/church-tax`)).body,
    retry: false,
  });
}

type Draft = { churchId: string; churchTaxRate: string; queriedOn: string };

/** The dialog that records a paper answer (`PUT /members/{id}/church-tax`, query kind `paper`); the API's messages under the fields. */
function PaperAnswerDialog({
  memberId,
  current,
  onClose,
}: {
  memberId: string;
  current: MemberChurchTaxDto | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    churchId: current?.churchId ?? '',
    churchTaxRate: current?.churchTaxRate ?? '',
    queriedOn: formatDate(today()),
  });
  // The tag of the values the draft started from, kept while the dialog is open (a refetch meanwhile must not lend
  // the draft a newer tag than what it was read from).
  const [seenTag] = useState(current?.masterTag ?? null);
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const body: ChurchTaxWrite = {
        churchId: d.churchId || null,
        churchTaxRate: d.churchTaxRate.trim() || null,
        queriedOn: parseDateText(d.queriedOn) ?? d.queriedOn,
        queryKind: 'paper',
        // The church data as this dialog read them: another answer recorded meanwhile refuses the save (409
        // recordChangedMeanwhile, shown above the buttons) instead of being overwritten.
        masterTag: seenTag,
      };
      return (
        await api<MemberChurchTaxDto>(`/members/${encodeURIComponent(memberId)}/church-tax`, {
          method: 'PUT',
          body: JSON.stringify(body),
        })
      ).body;
    },
    onSuccess: async () => {
      notify('coop.churchTax.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['members', 'church-tax', memberId] });
      onClose();
    },
  });
  const fieldErrors = apiFieldErrors(save.error) ?? [];
  const messageOf = (field: keyof Draft) =>
    fieldErrors
      .filter((e) => e.field === field)
      .map(validationMessage)
      .join('; ');
  const general = fieldErrors
    .filter((e) => !e.field || !['churchId', 'churchTaxRate', 'queriedOn'].includes(e.field))
    .map(validationMessage);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby="church-tax-dialog-title"
      data-testid="church-tax-dialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="church-tax-dialog-title">{translate('coop.churchTax.dialogTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <DialogContentText>{translate('coop.churchTax.hint')}</DialogContentText>
        <TextField
          select
          label={translate('coop.churchTax.church')}
          value={draft.churchId}
          onChange={set('churchId')}
          error={!!messageOf('churchId')}
          helperText={messageOf('churchId') || ' '}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'church-tax-churchId' } as object } }}
        >
          <MenuItem value="">{translate('coop.churchTax.none')}</MenuItem>
          {CHURCH_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {churchName(translate, code)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('coop.churchTax.rate')}
          value={draft.churchTaxRate}
          onChange={set('churchTaxRate')}
          error={!!messageOf('churchTaxRate')}
          helperText={messageOf('churchTaxRate') || ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'church-tax-rate' } }}
        />
        <TextField
          label={translate('coop.churchTax.queriedOn')}
          value={draft.queriedOn}
          onChange={set('queriedOn')}
          error={!!messageOf('queriedOn')}
          helperText={messageOf('queriedOn') || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'church-tax-queriedOn' } }}
        />
        {general.length > 0 || (save.error && fieldErrors.length === 0) ? (
          <Alert severity="error" data-testid="church-tax-refused">
            {general.length > 0
              ? general.join(' · ')
              : save.error instanceof Error
                ? save.error.message
                : String(save.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending} color="inherit" data-testid="church-tax-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => save.mutate(draft)}
          disabled={save.isPending}
          data-testid="church-tax-save"
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The member edit page's "Church tax (KiStAM)" (issue 24): the member's church, rate, the date and kind of the query
 * (`GET /members/{id}/church-tax`) and a paper answer typed in. Special-category data: shown only to the roles that run the
 * dividend (the caller decides; the API refuses the others).
 */
export function ChurchTaxSection({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const { data, error } = useChurchTax(memberId);
  const [open, setOpen] = useState(false);
  const kind = data?.queryKind ? translate(`coop.churchTax.kinds.${data.queryKind}`, { _: data.queryKind }) : '';
  // A regular answer with a church applies to the following calendar year (DOMAIN.md 3.1; decision 350).
  const from =
    data?.queryKind === 'regular' && data.churchId && data.queriedOn
      ? `${String(statusAppliesTo(data.queriedOn))}-01-01`
      : null;
  return (
    <Box component="section" aria-labelledby="church-tax-title" sx={{ px: 3, pb: 3 }} data-testid="church-tax">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography
          id="church-tax-title"
          variant="subtitle2"
          component="h2"
          color="primary"
          sx={{ textTransform: 'uppercase', letterSpacing: 0.6 }}
        >
          {translate('coop.churchTax.title')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditNoteIcon />}
          onClick={() => setOpen(true)}
          data-testid="church-tax-edit"
        >
          {translate('coop.churchTax.edit')}
        </Button>
      </Box>
      {error ? <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert> : null}
      {data ? (
        data.queriedOn === null && !data.churchId ? (
          <Typography variant="body2" color="text.secondary" data-testid="church-tax-never">
            {translate('coop.churchTax.never')}
          </Typography>
        ) : (
          <InfoList
            testId="church-tax-facts"
            rows={[
              [
                translate('coop.churchTax.church'),
                data.churchId ? churchName(translate, data.churchId) : translate('coop.churchTax.none'),
                'church-tax-church',
              ],
              [translate('coop.churchTax.rate'), data.churchTaxRate ?? '', 'church-tax-rate-shown'],
              [translate('coop.churchTax.queriedOn'), formatDate(data.queriedOn), 'church-tax-queried-on'],
              [translate('coop.churchTax.queryKind'), kind, 'church-tax-kind'],
              ...(from === null
                ? []
                : [
                    [
                      translate('coop.churchTax.appliesFrom'),
                      <>
                        {formatDate(from)}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {translate('coop.churchTax.appliesFromHint')}
                        </Typography>
                      </>,
                      'church-tax-applies-from',
                    ] as const,
                  ]),
            ]}
          />
        )
      ) : null}
      {open ? <PaperAnswerDialog memberId={memberId} current={data} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}
