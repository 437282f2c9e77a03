import TranslateIcon from '@mui/icons-material/Translate';
import { MenuItem, TextField, InputAdornment } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';

/** The language dropdown (en, de); react-admin keeps the choice in localStorage. */
export function LanguageSelect() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={LOCALES.includes(locale as 'en') ? locale : 'en'}
      onChange={(e) => setLocale(e.target.value)}
      slotProps={{
        select: {
          inputProps: { 'aria-label': translate('coop.shell.language'), 'data-testid': 'language-select' },
          SelectDisplayProps: { 'aria-label': translate('coop.shell.language'), role: 'combobox', 'data-testid': 'language-button' } as object,
        },
        input: {
          disableUnderline: true,
          startAdornment: (
            <InputAdornment position="start">
              <TranslateIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 130, '& .MuiSelect-select': { py: 0.25, fontSize: 14 } }}
    >
      {LOCALES.map((l) => (
        <MenuItem key={l} value={l} data-testid={`language-${l}`} lang={l}>
          {translate(`coop.languages.${l}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
