// First: starts the downloads the first render waits for before the other modules run (early.ts).
import './early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { startI18n } from './i18n/i18nProvider';
import { preloadScreen } from './resources';
import { watchUserActivity } from './session/activity';

// Only the clerk's own activity keeps a session alive (issue 38).
watchUserActivity();

// The opened screen's chunk downloads while React renders the shell (a signed-out visit shows the login page
// first, but the chunk is the one it will redirect to).
preloadScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// Clean history-style paths (SPEC 2): react-admin uses the surrounding router instead of its hash router. A data router
// (not <BrowserRouter>): the prompt before leaving a dirty form (common/UnsavedChangesPrompt.tsx) blocks the navigation
// with react-router's useBlocker, which works only inside one.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);
// The German catalogue is a file of its own (decision 227): a German console renders once it is there.
startI18n(
  () =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  // Without its texts the console cannot speak to the clerk: say so in both languages, as a failed screen download
  // does (a reload tries again).
  () => {
    root.textContent =
      'The console could not be loaded; please reload the page. · Die Konsole konnte nicht geladen werden; bitte laden Sie die Seite neu.';
  },
);
