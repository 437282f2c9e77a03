import { Grid, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MemberPicker } from '../members/MemberLookup';

/** The filters of both paper lists: member (lookup) and state (all, active, inactive). */
export function PaperFilters({
  name,
  member,
  setMember,
  state,
  setState,
}: {
  name: string;
  member: string | null;
  setMember: (id: string | null) => void;
  state: string;
  setState: (s: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Grid container columnSpacing={2} sx={{ px: 2, pt: 1 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <MemberPicker
          value={member}
          onChange={setMember}
          label={translate('coop.taxPapers.filterMember')}
          testId={`${name}-filter-member`}
          withExited
          helperText=""
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          fullWidth
          label={translate('coop.taxPapers.filterState')}
          value={state}
          onChange={(e) => setState(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `${name}-filter-state` } }}
        >
          <MenuItem value="">{translate('coop.taxPapers.allStates')}</MenuItem>
          <MenuItem value="active">{translate('coop.taxPapers.states.active')}</MenuItem>
          <MenuItem value="inactive">{translate('coop.taxPapers.states.inactive')}</MenuItem>
        </TextField>
      </Grid>
    </Grid>
  );
}
