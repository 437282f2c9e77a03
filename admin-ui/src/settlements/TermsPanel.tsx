import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../format';
import { lossShareOfYear } from './model';
import { LossShareDialog } from './LossShareDialog';
import { PeriodDialog } from './PeriodDialog';
import { useSettlementTerms } from './queries';
import { lossShareText } from './termsText';

/**
 * The terms the year's amounts and deadlines follow (`GET /settlements/terms`): the cooperative's payout period and the
 * general meeting's loss share for `year`, each with its form. The period is changed by administrators
 * (`canSetPeriod`), the loss share by those who close the dividend (`canSetLossShare`); the API enforces both.
 */
export function TermsPanel(props: { year: number; dueCount: number; canSetPeriod: boolean; canSetLossShare: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.settlements.terms.${key}`, options);
  const terms = useSettlementTerms();
  const [editing, setEditing] = useState<'period' | 'loss' | null>(null);
  const share = lossShareOfYear(terms.data, props.year);
  return (
    <Box
      component="section"
      aria-labelledby="settlement-terms-title"
      sx={{ display: 'grid', gap: 0.5, my: 1 }}
      data-testid="settlement-terms"
    >
      <Typography variant="subtitle1" component="h2" id="settlement-terms-title">
        {t('title')}
      </Typography>
      {terms.error ? (
        <Alert severity="error" data-testid="settlement-terms-error">
          {terms.error.message}
        </Alert>
      ) : null}
      {terms.data ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 260 }} data-testid="settlement-terms-period">
              {t('period', { smart_count: terms.data.payoutPeriodMonths })}
            </Typography>
            {props.canSetPeriod ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<EditCalendarIcon />}
                onClick={() => setEditing('period')}
                data-testid="settlement-period-edit"
              >
                {t('periodEdit')}
              </Button>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 260 }} data-testid="settlement-terms-loss">
              {share
                ? t('loss', {
                    year: props.year,
                    what: lossShareText(translate, share),
                    date: formatDate(share.decisionDate),
                  })
                : t('noLoss', { year: props.year })}
            </Typography>
            {props.canSetLossShare ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<TrendingDownIcon />}
                onClick={() => setEditing('loss')}
                data-testid="settlement-loss-edit"
              >
                {t(share ? 'lossChange' : 'lossEnter')}
              </Button>
            ) : null}
          </Box>
        </>
      ) : null}
      {editing === 'period' && terms.data ? (
        <PeriodDialog months={terms.data.payoutPeriodMonths} onClose={() => setEditing(null)} />
      ) : null}
      {editing === 'loss' ? (
        <LossShareDialog year={props.year} share={share} dueCount={props.dueCount} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}
