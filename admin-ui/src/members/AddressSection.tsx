import { Grid } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TEXT_MAX } from '@coop/contracts/console';
import { requiredField } from '../common/requiredField';
import { Section } from '../common/Section';
import { namedChoices, STATES } from './model';
import { tid } from './memberFormParts';

/** The member's postal address: a German state, or the country of a foreign address (SPEC 4). */
export function AddressSection() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const isForeign = !!useWatch({ name: 'isForeign' });
  return (
    <Section title={translate('coop.members.sections.address')} testId="member-section-address">
      <Grid size={{ xs: 8, md: 9 }}>
        <TextInput source="street" validate={requiredField} fullWidth slotProps={tid('street', TEXT_MAX.street)} />
      </Grid>
      <Grid size={{ xs: 4, md: 3 }}>
        <TextInput
          source="streetHomeNumber"
          validate={requiredField}
          fullWidth
          slotProps={tid('streetHomeNumber', TEXT_MAX.houseNumber)}
        />
      </Grid>
      <Grid size={{ xs: 4, md: 3 }}>
        <TextInput source="zipCode" validate={requiredField} fullWidth slotProps={tid('zipCode', TEXT_MAX.zipCode)} />
      </Grid>
      <Grid size={{ xs: 8, md: 5 }}>
        <TextInput source="city" validate={requiredField} fullWidth slotProps={tid('city', TEXT_MAX.city)} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {isForeign ? (
          <TextInput
            source="country"
            validate={requiredField}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': 'member-country', maxLength: 2, style: { textTransform: 'uppercase' } },
            }}
            parse={(v: string) => (v === '' ? null : v.toUpperCase())}
          />
        ) : (
          <SelectInput
            source="state"
            validate={requiredField}
            choices={namedChoices(STATES, (id) => translate(`coop.members.states.${id}`), locale)}
            translateChoice={false}
            fullWidth
            emptyText=""
            data-testid="member-state"
          />
        )}
      </Grid>
      <Grid size={{ xs: 12 }}>
        <BooleanInput source="isForeign" helperText={false} />
      </Grid>
    </Section>
  );
}
