import { likelyLocale } from './i18n/chosenLocale';
import { loadCatalogue } from './i18n/loadCatalogue';

/**
 * Imported first by `main.tsx`: the build runs each module's body when it is first imported, in import order
 * (`strictExecutionOrder`), so in German this starts the download of the German catalogue, which the first render
 * waits for (issue 43, decisions 227-228), before the shell's modules run: it travels while they are evaluated.
 */
void loadCatalogue(likelyLocale()).catch(() => undefined);
