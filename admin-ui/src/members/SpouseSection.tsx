import { Grid, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TEXT_MAX } from '@coop/contracts/console';
import { DateTextInput } from '../common/DateTextInput';
import { Section } from '../common/Section';
import { MemberLookupInput } from './MemberLookup';
import { TITLES } from './model';
import { choices, half, max } from './memberFormParts';

/** A married member's spouse: a member (then its own record holds the tax id) or the names and tax id typed here. */
export function SpouseSection({ memberId }: { memberId?: string | undefined }) {
  const translate = useTranslate();
  // A spouse who is a member has one tax id: its own member record's (issue 39); no second copy is typed here.
  const spouseIsMember = !!useWatch({ name: 'spouse' });
  return (
    <Section title={translate('coop.members.sections.spouse')} testId="member-section-spouse">
      <Grid size={half}>
        <MemberLookupInput
          source="spouse"
          label={translate('resources.members.fields.spouse')}
          excludeId={memberId}
          testId="member-spouse"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput source="spouseTitle" choices={choices(TITLES, 'coop.members.titles')} fullWidth emptyText="" />
      </Grid>
      <Grid size={half}>
        <TextInput source="spouseGivenName" fullWidth slotProps={max(TEXT_MAX.name)} />
      </Grid>
      <Grid size={half}>
        <TextInput source="spouseName" fullWidth slotProps={max(TEXT_MAX.name)} />
      </Grid>
      <Grid size={half}>
        <TextInput source="spouseBirthName" fullWidth slotProps={max(TEXT_MAX.name)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateTextInput source="spouseBirthDate" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        {spouseIsMember ? (
          <Typography variant="body2" color="text.secondary" data-testid="member-spouseTaxIdOfMember">
            {translate('coop.members.spouseTaxIdOfMember')}
          </Typography>
        ) : (
          <TextInput
            source="spouseTaxId"
            fullWidth
            helperText="coop.members.spouseTaxIdHint"
            slotProps={{
              htmlInput: { 'data-testid': 'member-spouseTaxId', inputMode: 'numeric', maxLength: 14 },
            }}
          />
        )}
      </Grid>
    </Section>
  );
}
