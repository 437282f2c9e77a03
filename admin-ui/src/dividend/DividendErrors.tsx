import EditIcon from '@mui/icons-material/Edit';
import { Alert, AlertTitle, Box, Button, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { ValidationTemplate } from '@coop/contracts/console';
import { validationMessage } from '../data/validationErrors';
import { isCooperativeError, membersOfError, type DividendError, type DividendMemberRecord } from './model';
import { useDividendYears } from './queries';

/** An error's text: its template in the clerk's language with its numbered parameters. */
export function errorText(error: Pick<DividendError, 'template' | 'parameters'>): string {
  const parameters = Object.fromEntries(error.parameters.map((p, i) => [String(i), p]));
  return validationMessage({ field: null, template: error.template as ValidationTemplate, parameters });
}

/**
 * What refuses the closure (SPEC 5, 8), each with its message and the members it concerns, linked to the screens that
 * fix them: the member's data (its tax id) and dashboard (its exemption orders); the cooperative's bank data on the
 * cooperative form.
 */
export function DividendErrors({
  errors,
  members,
}: {
  errors: readonly DividendError[];
  members: readonly DividendMemberRecord[];
}) {
  const translate = useTranslate();
  const years = useDividendYears();
  if (errors.length === 0) return null;
  /** The closure of a year already closed (parameter 0 the year), to open it instead. */
  const closureOf = (error: DividendError): string | null =>
    error.template === 'yearAlreadyClosed'
      ? (years.data?.find((y) => String(y.key) === error.parameters[0])?.dividendId ?? null)
      : null;
  return (
    <Alert severity="error" data-testid="dividend-errors" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h2" sx={{ fontSize: 16 }}>
        {translate('coop.dividend.errorsTitle')}
      </AlertTitle>
      <List dense disablePadding>
        {errors.map((error) => {
          const concerned = membersOfError(error, members);
          return (
            <ListItem
              key={`${error.code}-${error.template}`}
              disableGutters
              sx={{ display: 'block' }}
              data-testid="dividend-error"
              data-code={error.code}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="dividend-error-message">
                {errorText(error)}
              </Typography>
              {isCooperativeError(error) ? (
                <Button
                  component={RouterLink}
                  to="/cooperative"
                  size="small"
                  color="inherit"
                  variant="outlined"
                  startIcon={<EditIcon />}
                  sx={{ mt: 0.5 }}
                  data-testid="dividend-error-cooperative"
                >
                  {translate('coop.dividend.fixCooperative')}
                </Button>
              ) : null}
              {closureOf(error) ? (
                <Button
                  component={RouterLink}
                  to={`/dividend/closures/${encodeURIComponent(closureOf(error) ?? '')}`}
                  size="small"
                  color="inherit"
                  variant="outlined"
                  sx={{ mt: 0.5 }}
                  data-testid="dividend-error-closure"
                >
                  {translate('coop.dividend.openClosure')}
                </Button>
              ) : null}
              {concerned.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {concerned.map((m) => (
                    <li key={m.id} data-testid="dividend-error-member" data-member-id={m.id}>
                      <Typography variant="body2" component="span">
                        {m.memberNr !== null ? `${translate('resources.members.fields.memberNr')} ${m.memberNr}` : ''}
                        {m.name ? ` · ${m.name}` : ''}
                      </Typography>
                      {' · '}
                      <Link
                        color="inherit"
                        underline="always"
                        component={RouterLink}
                        to={`/members/${encodeURIComponent(m.id)}`}
                        data-testid="dividend-error-member-edit"
                      >
                        {translate('coop.dividend.editMember')}
                      </Link>
                      {' · '}
                      <Link
                        color="inherit"
                        underline="always"
                        component={RouterLink}
                        to={`/member/${encodeURIComponent(m.id)}`}
                        data-testid="dividend-error-member-dashboard"
                      >
                        {translate('coop.dividend.openMember')}
                      </Link>
                    </li>
                  ))}
                </Box>
              ) : null}
            </ListItem>
          );
        })}
      </List>
    </Alert>
  );
}
