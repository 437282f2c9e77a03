import { likelyLocale } from './i18n/chosenLocale';
import { loadCatalogue } from './i18n/loadCatalogue';
import { preloadScreen } from './resources';

/**
 * Imported first by `main.tsx`: the build runs each module's body when it is first imported, in import order
 * (`strictExecutionOrder`), so what this starts travels while the shell's modules are evaluated (issue 43):
 * - in German the download of the German catalogue, which the first render waits for (decisions 227-228);
 * - for a signed-in clerk the opened screen's chunk and its first requests (`preloadScreen`). Started after the shell
 *   had been evaluated they arrived after the shell's first render and the screen waited for them (decision 253).
 */
void loadCatalogue(likelyLocale()).catch(() => undefined);
preloadScreen(window.location.pathname);
