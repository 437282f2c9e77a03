import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../format';
import { today } from '../members/model';

/** `YYYY-MM-DD` as a local date (midnight), and back: the calendar works on `Date`, the API on business dates. */
const toDate = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/**
 * A day chosen in a calendar (MUI X `DateCalendar`, date-fns): weeks start on Monday in both languages (date-fns'
 * German and British locales), the chosen day shows as `dd.MM.yyyy`, days outside `min`..`max` cannot be chosen.
 * `onChoose` gets the day as `YYYY-MM-DD`.
 */
export default function DateCalendarDialog({
  open,
  title,
  confirmLabel,
  min,
  max,
  initial,
  onChoose,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  min: string;
  max: string;
  initial: string;
  onChoose: (date: string) => void;
  onClose: () => void;
  testId: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [value, setValue] = useState<Date>(() => toDate(initial));
  const german = locale === 'de';
  const texts = (german ? deDE : enUS).components.MuiLocalizationProvider.defaultProps.localeText;
  const chosen = today(value);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={german ? de : enGB} localeText={texts}>
          <DateCalendar
            value={value}
            onChange={(next: Date | null) => {
              if (next && !Number.isNaN(next.getTime())) setValue(next);
            }}
            minDate={toDate(min)}
            maxDate={toDate(max)}
            views={['year', 'month', 'day']}
            openTo="day"
            data-testid={`${testId}-calendar`}
          />
        </LocalizationProvider>
        <Typography variant="body1" sx={{ px: 1 }} aria-live="polite" data-testid={`${testId}-chosen`}>
          {translate('coop.exports.chosenDate', { date: formatDate(chosen) })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" data-testid={`${testId}-cancel`}>
          {translate('coop.edit.cancel')}
        </Button>
        <Button
          onClick={() => onChoose(chosen)}
          variant="contained"
          disabled={chosen < min || chosen > max}
          data-testid={`${testId}-ok`}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
