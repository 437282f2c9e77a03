import { ScrollRegion } from '../common/ScrollRegion';
import { Box, Card, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import { memberLabel, type MemberRecord } from '../members/model';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { useTaxPaperHistory } from './queries';

type Resource = 'exemptionorders' | 'nonassessments';

/** Values as a clerk reads them: dates dd.MM.yyyy, money in euro, codes by their names. */
function useShowValue(resource: Resource) {
  const translate = useTranslate();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') {
      if (field === 'endDate' && resource === 'exemptionorders') return translate('coop.taxPapers.untilRevoked');
      if (field === 'original') return translate('coop.form.no');
      return translate('coop.members.history.empty');
    }
    if (field === 'original') return translate(value === true ? 'coop.form.yes' : 'coop.form.no');
    if (field === 'joint') return translate(value === true ? 'coop.taxPapers.joint' : 'coop.taxPapers.single');
    if (typeof value === 'boolean') return translate(value ? 'coop.form.yes' : 'coop.form.no');
    if (field === 'amount' && typeof value === 'number') return formatMoney(value);
    if (field === 'type') {
      const list = resource === 'exemptionorders' ? 'exemptionTypes' : 'nvTypesShort';
      return translate(`coop.taxPapers.${list}.${String(value)}`, { _: String(value) });
    }
    const text = String(value);
    return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text) : text;
  };
}

/** The history of one exemption order or certificate, newest first (the API answers oldest first). */
export function TaxPaperHistoryCard({ resource, id }: { resource: Resource; id: string }) {
  const translate = useTranslate();
  const show = useShowValue(resource);
  const { data, isPending, error } = useTaxPaperHistory(resource, id);
  const entries = [...(data ?? [])].reverse();
  // A spouse is a member id: show the member's number and name instead.
  const spouseIds = [
    ...new Set(
      entries
        .flatMap((e) => (e.changes ?? []).filter((c) => c.field === 'spouse').flatMap((c) => [c.from, c.to]))
        .filter((v): v is string => typeof v === 'string' && v !== ''),
    ),
  ];
  const { data: spouses } = useGetMany<MemberRecord>('members', { ids: spouseIds }, { enabled: spouseIds.length > 0 });
  const value = (field: string, v: unknown): string => {
    if (field === 'spouse' && typeof v === 'string' && v !== '') {
      const m = spouses?.find((s) => s.id === v);
      if (m) return memberLabel(m);
    }
    return show(field, v);
  };
  return (
    <Card component="section" aria-labelledby="paper-history-title" data-testid="paper-history" sx={{ height: '100%' }}>
      <CardHeader
        id="paper-history-title"
        title={translate('coop.taxPapers.history')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <ScrollRegion labelledBy="paper-history-title" sx={{ px: 2, pb: 1, maxHeight: 640, overflowY: 'auto' }}>
        {isPending ? <CircularProgress size={20} /> : null}
        {error ? <Typography color="error">{error instanceof Error ? error.message : String(error)}</Typography> : null}
        {!isPending && entries.length === 0 && !error ? (
          <Typography color="text.secondary">{translate('coop.taxPapers.noHistory')}</Typography>
        ) : null}
        <Box
          component="ol"
          sx={{ m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 0.5, '& > li': { ml: '-6px' } }}
        >
          {entries.map((entry) => {
            const recorded = entry.type.endsWith('Recorded');
            const changes = (entry.changes ?? []).filter(
              (c) => !(recorded && (c.to === null || c.to === undefined || c.to === '')),
            );
            return (
              <Box
                component="li"
                key={`${entry.position}-${entry.revision ?? ''}`}
                data-testid="paper-history-entry"
                data-type={entry.type}
                sx={{ position: 'relative', pl: 3, pb: 2, listStyle: 'none' }}
              >
                <Box
                  sx={{
                    position: 'absolute',
                    left: 0,
                    top: 5,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: recorded ? 'success.main' : 'info.main',
                  }}
                />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {translate(`coop.taxPapers.historyKinds.${recorded ? 'recorded' : 'corrected'}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDateTime(entry.timestamp)}
                  {entry.user ? ` · ${translate('coop.members.history.by', { user: entry.user })}` : ''}
                </Typography>
                {changes.length > 0 ? (
                  <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 2 }}>
                    {changes.map((c) => {
                      const field = translate(`resources.${resource}.fields.${c.field}`, { _: c.field });
                      const to = value(c.field, c.to);
                      return (
                        <Typography component="li" variant="body2" key={c.field} sx={{ wordBreak: 'break-word' }}>
                          {recorded
                            ? `${field}: ${to}`
                            : translate('coop.members.history.changed', { field, from: value(c.field, c.from), to })}
                        </Typography>
                      );
                    })}
                  </Box>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </ScrollRegion>
    </Card>
  );
}
