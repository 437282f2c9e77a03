import { memo, Suspense, type ReactNode } from 'react';
import '../plain/plain.css';
import { SessionKeeper } from '../session/SessionKeeper';
import { BottomBar } from './BottomBar';
import { DocumentTitle } from './DocumentTitle';
import { PageLoading } from './PageLoading';
import { TopBar } from './TopBar';
import { WarningsDialog } from '../common/WarningsDialog';

// The shell's parts take no props: memoised, they redraw only for what they show (the address, the session, the
// language), not whenever react-admin redraws the layout with the routes (every navigation).
const Title = memo(DocumentTitle);
const Keeper = memo(SessionKeeper);
const Top = memo(TopBar);
const Bottom = memo(BottomBar);

/**
 * The shell: top bar, page, bottom bar (no side bar: the menu lives in the top bar). Plain elements styled by
 * `plain/plain.css`, as the bars are (decision 26).
 */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <div className="cl-shell">
      <Title />
      <Keeper />
      <Top />
      <main className="cl-main">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <Bottom />
      <WarningsDialog />
    </div>
  );
}
