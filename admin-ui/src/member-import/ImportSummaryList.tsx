import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { formatCount, formatDate, formatMoney } from '../format';
import type { ImportSummary } from './dto';

/** The posting types a summary names, in order, with their counts (types without postings left out). */
export function postingCounts(summary: Pick<ImportSummary, 'postingsByType'>): Array<[number, number]> {
  return Object.entries(summary.postingsByType)
    .map(([type, count]): [number, number] => [Number(type), count])
    .filter(([type, count]) => Number.isInteger(type) && count > 0)
    .sort((a, b) => a[0] - b[0]);
}

export const postingTotal = (summary: Pick<ImportSummary, 'postingsByType'>): number =>
  postingCounts(summary).reduce((sum, [, count]) => sum + count, 0);

/**
 * What an import holds (a dry run's or a write's summary): members, postings by type (with the console's names of the
 * types), exemption orders and certificates, the date of the holdings, and then the members holding shares, the shares and the capital.
 */
export function ImportSummaryList({
  summary,
  testId,
  written = false,
}: {
  summary: ImportSummary;
  testId: string;
  written?: boolean;
}) {
  const translate = useTranslate();
  const postings = postingCounts(summary);
  const t = (key: string) => translate(`coop.memberImport.check.${key}`);
  return (
    <Box data-testid={testId}>
      <InfoList
        testId={`${testId}-list`}
        rows={[
          [t('members'), formatCount(summary.members), `${testId}-members`],
          [
            t('postings'),
            postings.length === 0 ? (
              t('noPostings')
            ) : (
              <Box component="span" sx={{ display: 'block' }}>
                {postings.map(([type, count]) => (
                  <Box component="span" key={type} sx={{ display: 'block' }} data-testid={`${testId}-postings-${type}`}>
                    {formatCount(count)} ×{' '}
                    {translate('coop.memberImport.check.postingType', {
                      type: translate(`coop.balances.types.${type}`, { _: String(type) }),
                      code: type,
                    })}
                  </Box>
                ))}
              </Box>
            ),
          ],
          [t('exemptionOrders'), formatCount(summary.exemptionOrders), `${testId}-orders`],
          [t('nonAssessments'), formatCount(summary.nonAssessments), `${testId}-certificates`],
          [t('holdingsAsOf'), formatDate(summary.asOf), `${testId}-as-of`],
          [t('activeMembers'), formatCount(summary.activeMembers), `${testId}-active`],
          [t('shares'), formatCount(summary.shares), `${testId}-shares`],
          [t('capital'), formatMoney(summary.capitalCents), `${testId}-capital`],
          [t(written ? 'eventsWritten' : 'events'), formatCount(summary.events), `${testId}-events`],
        ]}
      />
    </Box>
  );
}
