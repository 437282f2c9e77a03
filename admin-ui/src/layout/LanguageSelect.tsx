import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';
import { ChoiceMenu, preloadMenus } from '../plain/ChoiceMenu';
import { Icon } from '../plain/icons';

/**
 * The language dropdown (en, de); react-admin keeps the choice in localStorage. A plain button (icon, language, arrow;
 * `plain/plain.css`) and a menu that is built only when opened: a full select field costs the first render more.
 */
export function LanguageSelect() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.includes(locale as 'en') ? locale : 'en';
  const label = translate('coop.shell.language');
  return (
    <>
      <button
        type="button"
        className="cl-lang"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={anchor ? 'true' : 'false'}
        data-testid="language-button"
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
      >
        <Icon name="translate" size="small" />
        <span className="cl-lang-label">{translate(`coop.languages.${current}`)}</span>
        <Icon name="arrowDropDown" size="small" />
        <input type="hidden" value={current} aria-label={label} data-testid="language-select" />
      </button>
      <ChoiceMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        choices={LOCALES.map((l) => ({
          value: l,
          label: translate(`coop.languages.${l}`),
          attributes: { lang: l, 'data-testid': `language-${l}` },
        }))}
        current={current}
        onChoose={setLocale}
        listLabel={{ 'aria-label': label }}
      />
    </>
  );
}
