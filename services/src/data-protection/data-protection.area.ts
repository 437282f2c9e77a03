import { memberDataSubject, RETENTION_HOLD_PERSONAL_FIELDS } from '@coop/contracts';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * Data protection (issue 27): the hold flag and the clean-up. Its events are projected by the areas whose documents
 * they change (members, tax papers, dividend: each blanks its own documents of an erased member), so it has no
 * projector of its own.
 */
export const dataProtectionArea: AreaRegistration = {
  name: 'data-protection',
  projectors: [],
  // The reason of a hold may tell of the member's affairs (a dispute, an insolvency): under the member's key.
  personalData: {
    MemberRetentionHoldSet: {
      subject: (d) => memberDataSubject(String(d.memberId)),
      fields: RETENTION_HOLD_PERSONAL_FIELDS,
    },
    MemberRetentionHoldCleared: {
      subject: (d) => memberDataSubject(String(d.memberId)),
      fields: RETENTION_HOLD_PERSONAL_FIELDS,
    },
  },
  upcasters: [],
  views: {},
};
