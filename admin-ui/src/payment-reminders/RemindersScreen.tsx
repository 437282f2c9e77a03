import { Alert, Box, Card, CardContent, CardHeader, LinearProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { REMINDER_BACKDATE_DAYS, REMINDER_RUN_MAX } from '@coop/contracts/console';
import { formatCount, formatDate, parseDateText } from '../format';
import { today } from '../members/model';
import { can, useSession } from '../session/session';
import { useDueReminders } from './queries';
import { RemindersTable } from './RemindersTable';
import { SendBar } from './SendBar';

/** The day of `?date=` when it is a valid date, else today. */
export function dateFrom(search: string, fallback = today()): string {
  const value = new URLSearchParams(search).get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateText(formatDate(value)) === value ? value : fallback;
}

/** The earliest day a reminder may be dated: `REMINDER_BACKDATE_DAYS` before `day` (the API's rule, decision 356). */
export function earliestReminderDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - REMINDER_BACKDATE_DAYS)).toISOString().slice(0, 10);
}

/**
 * "Mahnungen" (issue 45): the members whose payment on shares is overdue on the day (by the cooperative's payment
 * terms), with the level of their next reminder; the selected ones are reminded after a confirmation and their letters
 * downloaded. Sending is shown to clerks who post (`paymentreminders:write`); the API enforces the roles and the
 * cooperative.
 */
export default function RemindersScreen() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`coop.reminders.${key}`, options);
  const location = useLocation();
  const navigate = useNavigate();
  const date = dateFrom(location.search);
  const now = today();
  const earliest = earliestReminderDate(now);
  // Any day shows who is due; reminders are sent dated from a week back to today only (the API refuses others).
  const sendable = date >= earliest && date <= now;
  const [dateText, setDateText] = useState(formatDate(date));
  const [selected, setSelected] = useState<string[]>([]);
  const list = useDueReminders(date);
  const rows = list.data ?? [];
  useEffect(() => setSelected((current) => current.filter((id) => rows.some((r) => r.id === id))), [list.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const choose = (text: string) => {
    setDateText(text);
    const parsed = parseDateText(text);
    if (parsed && parsed !== date) {
      setSelected([]);
      navigate(`/payment-reminders?date=${parsed}`);
    }
  };
  return (
    <Card component="section" aria-labelledby="reminders-title" data-testid="reminders" sx={{ mt: 1 }}>
      <CardHeader id="reminders-title" title={t('title')} slotProps={{ title: { variant: 'h6', component: 'h1' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <TextField
            size="small"
            label={t('date')}
            helperText={`${translate('coop.form.dateHint')} · ${t('dateRange', { earliest: formatDate(earliest) })}`}
            value={dateText}
            onChange={(e) => choose(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'reminders-date' } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 260 }}>
            {t('intro')}
          </Typography>
        </Box>
        {sendable ? null : (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="reminders-preview-only">
            {t('previewOnly', { earliest: formatDate(earliest), today: formatDate(now) })}
          </Alert>
        )}
        {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {list.error ? (
          <Alert severity="error" data-testid="reminders-error">
            {list.error.message}
          </Alert>
        ) : null}
        {list.isSuccess && rows.length === 0 ? (
          <Typography data-testid="reminders-empty">{t('empty', { date: formatDate(date) })}</Typography>
        ) : null}
        {rows.length > REMINDER_RUN_MAX ? (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="reminders-more-than-one-sending">
            {t('moreThanOneSending', { max: formatCount(REMINDER_RUN_MAX) })}
          </Alert>
        ) : null}
        {rows.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <RemindersTable rows={rows} selected={selected} onSelect={setSelected} />
          </Box>
        ) : null}
        <SendBar
          date={date}
          rows={rows}
          selected={selected}
          canSend={can(useSession(), 'paymentreminders:write') && sendable}
          onSent={() => setSelected([])}
        />
      </CardContent>
    </Card>
  );
}
