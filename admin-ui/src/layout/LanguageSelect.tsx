import { Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';
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
      >
        <Icon name="translate" size="small" />
        <span className="cl-lang-label">{translate(`coop.languages.${current}`)}</span>
        <Icon name="arrowDropDown" size="small" />
        <input type="hidden" value={current} aria-label={label} data-testid="language-select" />
      </button>
      {anchor ? (
        <Menu open anchorEl={anchor} onClose={() => setAnchor(null)} slotProps={{ list: { role: 'listbox', 'aria-label': label } }}>
          {LOCALES.map((l) => (
            <MenuItem
              key={l}
              selected={l === current}
              data-testid={`language-${l}`}
              lang={l}
              role="option"
              aria-selected={l === current}
              onClick={() => {
                setAnchor(null);
                if (l !== current) setLocale(l);
              }}
            >
              {translate(`coop.languages.${l}`)}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </>
  );
}
