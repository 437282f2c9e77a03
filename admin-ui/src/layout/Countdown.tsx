import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Icon } from '../plain/icons';
import { formatCountdown } from '../format';
import { secondsLeft, useSession } from '../session/session';

// MUI's tooltip and Popper.js load at the first hover, not with the first screen (issue 43).
const CountdownTooltip = lazy(() => import('./CountdownTooltip'));

/**
 * The token countdown of the bottom bar, ticking every second, with its label as visible text ("Session ends in
 * 14:59"; a timer by its role, named by the label). A plain span; its tooltip is built at the first hover
 * (then open), so the ticking first screen does not render MUI's tooltip and popper every second; its code loads then
 * too (until it is there, the plain span shows).
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
    <Suspense fallback={content}>
      <CountdownTooltip title={label} open={hint} onOpen={() => setHint(true)} onClose={() => setHint(false)}>
        {content}
      </CountdownTooltip>
    </Suspense>
  );
}
