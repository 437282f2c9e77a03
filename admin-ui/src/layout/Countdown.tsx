import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { secondsLeft, useSession } from '../session/session';

/** d:hh:mm:ss */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days}:${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/** The token countdown of the bottom bar, ticking every second. */
export function Countdown() {
  const session = useSession();
  const translate = useTranslate();
  const [left, setLeft] = useState(() => secondsLeft());
  useEffect(() => {
    setLeft(secondsLeft());
    const timer = setInterval(() => setLeft(secondsLeft()), 1000);
    return () => clearInterval(timer);
  }, [session?.exp]);
  if (!session) return null;
  return (
    <Tooltip title={translate('coop.shell.sessionEndsIn')}>
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums', fontSize: 14 }}
        data-testid="token-countdown"
        aria-label={`${translate('coop.shell.sessionEndsIn')} ${formatCountdown(left)}`}
      >
        <TimerOutlinedIcon fontSize="small" />
        {formatCountdown(left)}
      </Box>
    </Tooltip>
  );
}
