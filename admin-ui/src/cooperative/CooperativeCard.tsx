import type { CooperativeDto } from '@coop/contracts/console';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Link,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { formatMoney } from '../format';
import { can, useSession } from '../session/session';
import { interestBeginRuleOf } from '@coop/contracts/console';

/** The cooperative as the API answers it (contracts `CooperativeDto`). */
export type CooperativeRecord = CooperativeDto;

const CARD_FIELDS = [
  'fullName',
  'address',
  'zip',
  'city',
  'name',
  'email',
  'contactPerson',
  'taxId',
  'taxOffice',
] as const;

/** A field the card shows, and the section of the cooperative's form where it is entered. */
export type CardField = (typeof CARD_FIELDS)[number] | 'balanceCost';
const SECTION_OF: Readonly<Record<CardField, 'master' | 'contact' | 'shares'>> = {
  fullName: 'master',
  address: 'master',
  zip: 'master',
  city: 'master',
  name: 'master',
  taxId: 'master',
  taxOffice: 'master',
  email: 'contact',
  contactPerson: 'contact',
  balanceCost: 'shares',
};

/**
 * A value the cooperative lacks (issue 43): said as missing, with where it is entered; an administrator gets the link
 * to the form with that field focused, everyone else is told who enters it.
 */
function Missing({ field, canEdit }: { field: CardField; canEdit: boolean }) {
  const translate = useTranslate();
  const section = translate(`coop.cooperative.${SECTION_OF[field]}`);
  if (!canEdit) {
    return (
      <Box
        component="span"
        sx={{ color: 'text.secondary', fontStyle: 'italic' }}
        data-testid={`cooperative-${field}-missing`}
      >
        {translate('coop.cooperative.missingAskAdmin', { section })}
      </Box>
    );
  }
  return (
    <Link component={RouterLink} to={`/cooperative?field=${field}`} data-testid={`cooperative-${field}-missing`}>
      {translate('coop.cooperative.missingSetHere', { section })}
    </Link>
  );
}

/** The cooperative card of the dashboard and the administration page (SPEC 2); `actions`: the dashboard's buttons under it. */
export function CooperativeCard({ testId = 'cooperative-card', actions }: { testId?: string; actions?: ReactNode }) {
  const session = useSession();
  const translate = useTranslate();
  const canEdit = can(session, 'cooperative:write');
  const { data, isPending, error } = useGetOne<CooperativeRecord>(
    'cooperatives',
    { id: session?.cooperative ?? '' },
    { enabled: !!session },
  );
  return (
    <Card component="section" aria-labelledby={`${testId}-title`} data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader
        id={`${testId}-title`}
        title={translate('coop.cooperative.card')}
        subheader={data?.fullName || data?.name}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          canEdit ? (
            <Button
              component={RouterLink}
              to="/cooperative"
              startIcon={<EditIcon />}
              size="small"
              variant="outlined"
              data-testid="cooperative-edit"
            >
              {translate('coop.cooperative.edit')}
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error">
            {translate('coop.edit.loadFailed', { message: error instanceof Error ? error.message : '' })}
          </Alert>
        ) : null}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'fit-content(40%) 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {CARD_FIELDS.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`resources.cooperatives.fields.${field}`)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'break-word' }}
                data-testid={`cooperative-${field}`}
              >
                {isPending ? (
                  <Skeleton width={160} />
                ) : data?.[field] ? (
                  data[field]
                ) : (
                  <Missing field={field} canEdit={canEdit} />
                )}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate('resources.cooperatives.fields.balanceCost')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="cooperative-balanceCost">
            {isPending ? (
              <Skeleton width={80} />
            ) : data?.balanceCost ? (
              formatMoney(data.balanceCost)
            ) : (
              <Missing field="balanceCost" canEdit={canEdit} />
            )}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate('resources.cooperatives.fields.interestBeginRule')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="cooperative-interestBeginRule">
            {isPending ? (
              <Skeleton width={120} />
            ) : (
              translate(`coop.interestBeginRules.${interestBeginRuleOf(data?.interestBeginRule)}`)
            )}
          </Typography>
        </Box>
      </CardContent>
      {actions ? (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </CardActions>
      ) : null}
    </Card>
  );
}
