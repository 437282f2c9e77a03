import { Grid } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { TEXT_MAX } from '@coop/contracts/console';
import { requiredField } from '../common/requiredField';
import { Section } from '../common/Section';
import { tid } from './memberFormParts';

/** Where the member's dividend and settlement are paid: the bank, IBAN and BIC, and a holder when not the member. */
export function BankSection() {
  const translate = useTranslate();
  return (
    <Section title={translate('coop.members.sections.bank')}>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="bankname" validate={requiredField} fullWidth slotProps={tid('bankname', TEXT_MAX.name)} />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <TextInput
          source="iban"
          validate={requiredField}
          fullWidth
          parse={(v: string) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase())}
          slotProps={tid('iban')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <TextInput
          source="bic"
          validate={requiredField}
          fullWidth
          parse={(v: string) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase())}
          slotProps={tid('bic')}
        />
      </Grid>
      <Grid size={12}>
        <TextInput
          source="accountHolder"
          fullWidth
          helperText="coop.members.accountHolderHint"
          slotProps={{ htmlInput: { 'data-testid': 'member-accountHolder', maxLength: TEXT_MAX.name } }}
        />
      </Grid>
    </Section>
  );
}
