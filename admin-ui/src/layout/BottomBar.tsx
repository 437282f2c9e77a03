import { useTranslate } from 'react-admin';
import { MANUAL_URL } from '../config';
import { Icon } from '../plain/icons';
import { useSession } from '../session/session';
import { Countdown } from './Countdown';
import { LanguageSelect } from './LanguageSelect';

/** Bottom bar (SPEC 2, Shell): token countdown, manual link (signed in and configured), language. Plain elements (`plain/plain.css`). */
export function BottomBar() {
  const session = useSession();
  const translate = useTranslate();
  return (
    <footer className="cl-footer">
      <Countdown />
      {session && MANUAL_URL ? (
        <a href={MANUAL_URL} target="_blank" rel="noopener" className="cl-footer-link" data-testid="manual-link">
          <Icon name="menuBookOutlined" size="small" />
          {translate('coop.shell.manual')}
        </a>
      ) : null}
      <div className="cl-gap" />
      <LanguageSelect />
    </footer>
  );
}
