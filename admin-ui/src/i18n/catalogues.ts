/**
 * Both catalogues side by side, for the tests and tools that compare them. The console never imports this file: it
 * loads the active language's catalogue alone (`i18nProvider.ts`, decision 227).
 */
export { english } from './catalogue.en';
export { german } from './catalogue.de';
