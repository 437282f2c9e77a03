import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { type MemberRecord } from './model';
import { exemptionOrderBar, type ExemptionOrderRecord, type NonAssessmentRecord } from '../taxPapers/model';
import {
  ExemptionOrderTable,
  NonAssessmentTable,
  newExemptionOrderPath,
  newNonAssessmentPath,
  taxIdMissing,
} from '../taxPapers/parts';
import { cardTitle } from './cardTitle';

/** The member's tax data and papers: tax id, church, exemption orders (FSA) and non-assessment certificates (NV). */
export function TaxCard({
  member,
  exemptionOrders,
  nonAssessments,
  canWrite,
  loading,
}: {
  member: MemberRecord;
  exemptionOrders: readonly ExemptionOrderRecord[];
  nonAssessments: readonly NonAssessmentRecord[];
  canWrite: boolean;
  loading: boolean;
}) {
  const translate = useTranslate();
  const memberId = member.id;
  // A legal entity or a member abroad gives no exemption order (DOMAIN 2.6-2.8; the API refuses it too).
  const bar = exemptionOrderBar(member);
  const title = (text: string, add: string | null, to: string, testId: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, minHeight: 32 }}>
      <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
        {text}
      </Typography>
      {canWrite && add !== null ? (
        <Button
          component={RouterLink}
          to={to}
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          data-testid={testId}
        >
          {add}
        </Button>
      ) : null}
    </Box>
  );
  const missing = exemptionOrders.filter((o) => o.state === 'active' && taxIdMissing(o));
  return (
    <Card component="section" data-testid="member-tax-card">
      <CardHeader title={translate('coop.members.cards.tax')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        {missing.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="member-taxid-warning">
            {translate('coop.taxPapers.taxIdsMissing')}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, xl: 6 }}>
            {title(
              translate('coop.members.cards.exemptionOrders'),
              bar ? null : translate('coop.taxPapers.addExemptionOrder'),
              newExemptionOrderPath(memberId),
              'member-add-exemption-order',
            )}
            {bar ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="member-no-exemption-order">
                {translate(
                  bar === 'legalEntity'
                    ? 'coop.taxPapers.noExemptionOrderLegalEntity'
                    : 'coop.taxPapers.noExemptionOrderNonResident',
                )}
              </Typography>
            ) : null}
            {loading ? null : (
              <ExemptionOrderTable rows={exemptionOrders} canWrite={canWrite} testId="member-exemption-orders" />
            )}
          </Grid>
          <Grid size={{ xs: 12, xl: 6 }}>
            {title(
              translate('coop.members.cards.nonAssessments'),
              translate('coop.taxPapers.addNonAssessment'),
              newNonAssessmentPath(memberId),
              'member-add-non-assessment',
            )}
            {loading ? null : (
              <NonAssessmentTable rows={nonAssessments} canWrite={canWrite} testId="member-non-assessments" />
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
