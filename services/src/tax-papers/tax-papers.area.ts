import { EXEMPTION_ORDER_PERSONAL_FIELDS, memberDataSubject, NON_ASSESSMENT_PERSONAL_FIELDS } from '@coop/contracts';
import { taxPapersProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

const memberSubject = (data: Record<string, unknown>): string => memberDataSubject(String(data.memberId));

/** Exemption orders and non-assessment certificates: what the area contributes to the platform (services/src/areas.ts). */
export const taxPapersArea: AreaRegistration = {
  name: 'tax-papers',
  projectors: [taxPapersProjector],
  // Under the member's key, so erasing the member erases them. The member link is an id; the spouse link of a joint
  // order, the certificate's number and its tax office are personal; amounts, dates and types are kept for the tax
  // retention periods (§ 44a Abs. 3 EStG).
  personalData: {
    ExemptionOrderRecorded: { subject: memberSubject, fields: EXEMPTION_ORDER_PERSONAL_FIELDS },
    ExemptionOrderCorrected: { subject: memberSubject, fields: EXEMPTION_ORDER_PERSONAL_FIELDS },
    NonAssessmentRecorded: { subject: memberSubject, fields: NON_ASSESSMENT_PERSONAL_FIELDS },
    NonAssessmentCorrected: { subject: memberSubject, fields: NON_ASSESSMENT_PERSONAL_FIELDS },
  },
  upcasters: [],
  views: {},
};
