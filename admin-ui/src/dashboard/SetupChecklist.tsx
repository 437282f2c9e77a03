import type { ElmaNumberDto } from '@coop/contracts/console';
import { Alert, AlertTitle, Link, List, ListItem } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import type { CooperativeRecord } from '../cooperative/CooperativeCard';
import { useSession } from '../session/session';
import { SETUP_LINKS, openSetupSteps } from './setup';

/** Approval numbers are a handful per cooperative (one or two per process); one page holds them all. */
const ELMA_PAGE = { page: 1, perPage: 100 };

/**
 * What a new cooperative must set up first (issue 43): each open step with a link to where it is set; a step done
 * disappears, and with none open the card is not shown. Reads the cooperative (the same query as its card) and the
 * approval numbers.
 */
export function SetupChecklist() {
  const translate = useTranslate();
  const session = useSession();
  const cooperative = useGetOne<CooperativeRecord>(
    'cooperatives',
    { id: session?.cooperative ?? '' },
    { enabled: !!session },
  );
  const elma = useGetList<ElmaNumberDto & { id: string }>(
    'elmanumbers',
    { pagination: ELMA_PAGE, sort: { field: 'elmaProcess', order: 'ASC' } },
    { enabled: !!session },
  );
  if (!cooperative.data || !elma.data) return null;
  const open = openSetupSteps(cooperative.data, elma.data);
  if (open.length === 0) return null;
  return (
    <Alert
      severity="info"
      component="section"
      aria-labelledby="setup-checklist-title"
      data-testid="setup-checklist"
      sx={{ mb: 3 }}
    >
      <AlertTitle id="setup-checklist-title" component="h2">
        {translate('coop.setup.title')}
      </AlertTitle>
      {translate('coop.setup.intro')}
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
        {open.map((step) => (
          <ListItem key={step} disableGutters sx={{ display: 'list-item', py: 0 }} data-testid={`setup-${step}`}>
            <Link component={RouterLink} to={SETUP_LINKS[step]} data-testid={`setup-link-${step}`}>
              {translate(`coop.setup.steps.${step}`)}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
