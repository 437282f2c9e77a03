import { Grid } from '@mui/material';
import { BooleanInput, SelectInput, useTranslate } from 'react-admin';
import { DAY_COUNTS, DEFAULT_DIVIDEND_SETTINGS, DIVIDEND_METHODS, ROUNDING_MODES } from '@coop/contracts/console';
import { Section } from '../common/Section';

const half = { xs: 12, md: 6 } as const;

/**
 * The cooperative's seven dividend settings (DOMAIN.md 12a; recorded on every closure), under a "Dividend" heading,
 * each with a short help text: the basis method and day count, the rounding of the dividend and of the taxes, and the
 * three switches (raising pre-2023 exemption orders, taxing heirs from the day of death, accepting test tax ids).
 */
export function DividendSettings({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const choices = (list: readonly string[], group: string) =>
    list.map((id) => ({ id, name: translate(`coop.dividend.settings.${group}.${id}`) }));
  const d = DEFAULT_DIVIDEND_SETTINGS;
  return (
    <Section title={translate('coop.cooperative.dividend')} testId="cooperative-dividend">
      <Grid size={half}>
        <SelectInput
          source="dividendMethod"
          choices={choices(DIVIDEND_METHODS, 'dividendMethod')}
          translateChoice={false}
          defaultValue={d.dividendMethod}
          fullWidth
          readOnly={readOnly}
          helperText="coop.dividend.settings.help.dividendMethod"
          data-testid="cooperative-dividendMethod"
        />
      </Grid>
      <Grid size={half}>
        <SelectInput
          source="dayCount"
          choices={choices(DAY_COUNTS, 'dayCount')}
          translateChoice={false}
          defaultValue={d.dayCount}
          fullWidth
          readOnly={readOnly}
          helperText="coop.dividend.settings.help.dayCount"
          data-testid="cooperative-dayCount"
        />
      </Grid>
      <Grid size={half}>
        <SelectInput
          source="dividendRounding"
          choices={choices(ROUNDING_MODES, 'rounding')}
          translateChoice={false}
          defaultValue={d.dividendRounding}
          fullWidth
          readOnly={readOnly}
          helperText="coop.dividend.settings.help.dividendRounding"
          data-testid="cooperative-dividendRounding"
        />
      </Grid>
      <Grid size={half}>
        <SelectInput
          source="taxRounding"
          choices={choices(ROUNDING_MODES, 'rounding')}
          translateChoice={false}
          defaultValue={d.taxRounding}
          fullWidth
          readOnly={readOnly}
          helperText="coop.dividend.settings.help.taxRounding"
          data-testid="cooperative-taxRounding"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <BooleanInput
          source="raiseOldExemptionOrders"
          defaultValue={d.raiseOldExemptionOrders}
          readOnly={readOnly}
          disabled={readOnly}
          helperText="coop.dividend.settings.help.raiseOldExemptionOrders"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <BooleanInput
          source="heirsTaxedFromDeath"
          defaultValue={d.heirsTaxedFromDeath}
          readOnly={readOnly}
          disabled={readOnly}
          helperText="coop.dividend.settings.help.heirsTaxedFromDeath"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <BooleanInput
          source="allowTestTaxIds"
          defaultValue={d.allowTestTaxIds}
          readOnly={readOnly}
          disabled={readOnly}
          helperText="coop.dividend.settings.help.allowTestTaxIds"
        />
      </Grid>
    </Section>
  );
}
