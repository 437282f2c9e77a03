import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { skippedByReason, type CollectionPreviewDto, type SkippedDueDto } from './model';

/**
 * The dues a collection leaves out, a line per reason with how many and their members' numbers ("Noch nicht fällig (14
 * Fälligkeiten): Mitglieder 19, 37, …"): a collection of hundreds of dues lists a few reasons, not hundreds of lines.
 */
export function SkippedList(props: { readonly skipped: readonly SkippedDueDto[]; readonly testId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.${key}`, options);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid={props.testId}>
      {skippedByReason(props.skipped).map(({ reason, dues, members }) => {
        const what = t('skippedDues', { smart_count: dues, reason: t(`skip.${reason}`) });
        const who =
          members.length > 0 ? t('skippedMembers', { smart_count: members.length, members: members.join(', ') }) : null;
        return <li key={reason}>{who === null ? what : `${what}: ${who}`}</li>;
      })}
    </Box>
  );
}

/**
 * Asked before a collection is made (it books every debit as paid at once): what it would draw and leave out, and why,
 * as the API's preview answers for the chosen dues and date; the refusal of the date or the creditor before anything is
 * made. Confirming is possible only when the preview draws something.
 */
export function CollectionConfirm(props: {
  readonly open: boolean;
  readonly collectionDate: string;
  readonly preview: CollectionPreviewDto | undefined;
  readonly pending: boolean;
  /** The preview's refusal, in the clerk's language. */
  readonly refusal: string | null;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.directDebits.${key}`, options);
  const { preview } = props;
  const drawn = preview !== undefined && preview.count > 0;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="collection-confirm-title"
      data-testid="collection-confirm"
    >
      <DialogTitle id="collection-confirm-title">{t('createTitle')}</DialogTitle>
      <DialogContent>
        {props.pending ? (
          <LinearProgress aria-label={t('previewing')} data-testid="collection-confirm-pending" />
        ) : null}
        {props.refusal !== null ? (
          <Alert severity="error" data-testid="collection-confirm-error">
            {props.refusal}
          </Alert>
        ) : null}
        {preview ? (
          <DialogContentText component="div" data-testid="collection-confirm-text">
            {drawn
              ? t('createText', {
                  smart_count: preview.count,
                  count: preview.count,
                  sum: formatMoney(preview.totalCents),
                  date: formatDate(props.collectionDate),
                })
              : t('previewNothing')}
            {preview.skipped.length > 0 ? (
              <Box sx={{ mt: 1 }}>
                {drawn ? t('previewLeftOut', { smart_count: preview.skipped.length }) : null}
                <SkippedList skipped={preview.skipped} testId="collection-confirm-left-out" />
              </Box>
            ) : null}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid="collection-confirm-no">
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={!drawn} data-testid="collection-confirm-yes">
          {t('createYes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
