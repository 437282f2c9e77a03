import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import TranslateIcon from '@mui/icons-material/Translate';
import { ButtonBase, Menu, MenuItem, styled } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';

/** Looks like the borderless select it replaces: icon, language, arrow. Static styles (no `sx` to resolve per render). */
const Trigger = styled(ButtonBase)(({ theme }) => ({
  minWidth: 130,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-start',
  gap: theme.spacing(1),
  padding: theme.spacing(0.25, 0),
  margin: theme.spacing(1, 0, 0.5), // the dense field's margins
  fontSize: 14,
  color: theme.palette.text.primary,
  borderRadius: theme.shape.borderRadius,
  '& .lang-label': { flex: 1, textAlign: 'left' },
  '& svg': { color: theme.palette.action.active },
}));

/**
 * The language dropdown (en, de); react-admin keeps the choice in localStorage. A button and a menu that is
 * built only when opened: a full select field (form control, input, select) costs the first render more.
 */
export function LanguageSelect() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.includes(locale as 'en') ? locale : 'en';
  const label = translate('coop.shell.language');
  return (
    <>
      <Trigger
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={anchor ? 'true' : 'false'}
        data-testid="language-button"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <TranslateIcon fontSize="small" />
        <span className="lang-label">{translate(`coop.languages.${current}`)}</span>
        <ArrowDropDownIcon fontSize="small" />
        <input type="hidden" value={current} aria-label={label} data-testid="language-select" />
      </Trigger>
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
