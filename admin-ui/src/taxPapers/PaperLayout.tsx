import { Alert, Box, Card, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { InfoList } from '../common/Section';
import { memberLabel, type MemberRecord } from '../members/model';
import { conflictingId } from './model';
import { TaxPaperHistoryCard } from './TaxPaperHistory';
import { LoadFailed } from '../layout/AccessDenied';

/** Where the form goes back to (and after saving): the list it was opened from, else the member dashboard. */
export function useBackTo(memberId: string | undefined): string {
  return useFrom() ?? (memberId ? `/member/${encodeURIComponent(memberId)}` : '/');
}

/** The console path a list passed as `state.from` when it opened the form, or null. */
export function useFrom(): string | null {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

/** The form card, and beside it (existing papers only) the paper's history. */
export function PaperLayout({
  testId,
  historyResource,
  id,
  children,
}: {
  testId: string;
  historyResource: 'exemptionorders' | 'nonassessments';
  id?: string;
  children: ReactNode;
}) {
  if (!id) {
    return (
      <Card component="section" data-testid={testId} sx={{ maxWidth: 1000, mx: 'auto' }}>
        {children}
      </Card>
    );
  }
  return (
    <Grid container spacing={2.5} sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Card component="section" data-testid={testId}>
          {children}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <TaxPaperHistoryCard resource={historyResource} id={id} />
      </Grid>
    </Grid>
  );
}

/** The member the paper belongs to (with a link to the dashboard) and, for a stored paper, the correction hint. */
export function MemberLine({
  member,
  isNew,
  canWrite,
}: {
  member: MemberRecord | undefined;
  isNew: boolean;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  // The API's refusals on `member` (a legal entity, a member abroad): the form has no member input to show them under.
  const memberError = useFormState().errors.member?.message;
  return (
    <>
      {typeof memberError === 'string' && memberError !== '' ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="paper-member-error">
          {memberError}
        </Alert>
      ) : null}
      {!canWrite ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="paper-read-only">
          {translate('coop.edit.readOnly')}
        </Alert>
      ) : null}
      {!isNew && canWrite ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate('coop.taxPapers.correctionHint')}
        </Alert>
      ) : null}
      <InfoList
        rows={[
          [
            translate('resources.exemptionorders.fields.member'),
            member ? (
              <RouterLink to={`/member/${encodeURIComponent(member.id)}`} data-testid="paper-member">
                {memberLabel(member)}
              </RouterLink>
            ) : (
              ''
            ),
          ],
        ]}
      />
    </>
  );
}

/**
 * The member's other papers under the form. When the API refuses an overlap, its general error names the
 * other paper by id (kept as `root.conflict`, see validationErrors.ts): that row is marked, so the clerk sees
 * which period collides.
 */
export function OtherPapers({
  title,
  ids,
  children,
}: {
  title: string;
  ids: readonly string[];
  children: (highlightId: string | null) => ReactNode;
}) {
  const { errors } = useFormState();
  const root = errors.root as { serverError?: { message?: unknown }; conflict?: { message?: unknown } } | undefined;
  const highlight = conflictingId(root?.conflict?.message, ids) ?? conflictingId(root?.serverError?.message, ids);
  return (
    <Box sx={{ mt: 3 }} data-testid="paper-others">
      <Typography
        variant="subtitle2"
        component="h2"
        color="primary"
        sx={{ mb: 0.5, textTransform: 'uppercase', letterSpacing: 0.6 }}
      >
        {title}
      </Typography>
      {children(highlight)}
    </Box>
  );
}

export function LoadError({ error }: { error: unknown }) {
  return <LoadFailed error={error} />;
}
