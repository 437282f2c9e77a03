import { Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Icon } from '../plain/icons';
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

/**
 * The token countdown of the bottom bar, ticking every second, with its label as visible text ("Session ends in
 * 0:00:14:59"; a timer by its role, named by the label). A plain span; its tooltip is built at the first hover
 * (then open), so the ticking first screen does not render MUI's tooltip and popper every second.
 */
export function Countdown() {
  const session = useSession();
  const translate = useTranslate();
  const [left, setLeft] = useState(() => secondsLeft());
  const [hint, setHint] = useState<boolean | null>(null);
  useEffect(() => {
    setLeft(secondsLeft());
    const timer = setInterval(() => setLeft(secondsLeft()), 1000);
    return () => clearInterval(timer);
  }, [session?.exp]);
  if (!session) return null;
  const label = translate('coop.shell.sessionEndsIn');
  const content = (
    <span
      className="cl-countdown"
      data-testid="token-countdown"
      role="timer"
      aria-label={`${label} ${formatCountdown(left)}`}
      onMouseEnter={hint === null ? () => setHint(true) : undefined}
    >
      <Icon name="timerOutlined" size="small" />
      {`${label} ${formatCountdown(left)}`}
    </span>
  );
  if (hint === null) return content;
  return (
    <Tooltip title={label} open={hint} onOpen={() => setHint(true)} onClose={() => setHint(false)}>
      {content}
    </Tooltip>
  );
}
