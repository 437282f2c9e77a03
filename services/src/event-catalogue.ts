import { EXEMPTION_ORDER_PERSONAL_FIELDS, MEMBER_PERSONAL_FIELDS, memberDataSubject, NON_ASSESSMENT_PERSONAL_FIELDS } from '@coop/contracts';
import type { PersonalDataRules } from './platform/event-store/personal-data.js';
import type { Upcaster } from './platform/event-store/upcasters.js';

const memberSubject = (data: Record<string, unknown>): string => memberDataSubject(String(data.memberId));
const userSubject = (data: Record<string, unknown>): string => `user-${String(data.userId)}`;

/**
 * Which event fields are personal data, sealed under their subject's key. Erasing the subject's
 * key leaves these fields unreadable (null, listed in `erased`) while the rest of the history stays.
 */
export const personalDataRules: PersonalDataRules = {
  UserCreated: { subject: userSubject, fields: ['username', 'passwordHash'] },
  UserRenamed: { subject: userSubject, fields: ['username'] },
  UserPasswordChanged: { subject: userSubject, fields: ['passwordHash'] },
  UsernameClaimed: { subject: userSubject, fields: ['username'] },
  UsernameReleased: { subject: userSubject, fields: ['username'] },
  // Members: the master data (names, birth, address, contact, bank, tax ids, church, spouse) under the
  // member's own key. Postings, exits, member numbers and register corrections carry no personal data.
  MemberAdmitted: { subject: memberSubject, fields: MEMBER_PERSONAL_FIELDS },
  MemberDataChanged: { subject: memberSubject, fields: MEMBER_PERSONAL_FIELDS },
  // Tax papers: under the member's key too, so erasing the member erases them. The member link is an id;
  // the spouse link of a joint order, the certificate's number and its tax office are personal; amounts,
  // dates and types are kept for the tax retention periods (§ 44a Abs. 3 EStG).
  ExemptionOrderRecorded: { subject: memberSubject, fields: EXEMPTION_ORDER_PERSONAL_FIELDS },
  ExemptionOrderCorrected: { subject: memberSubject, fields: EXEMPTION_ORDER_PERSONAL_FIELDS },
  NonAssessmentRecorded: { subject: memberSubject, fields: NON_ASSESSMENT_PERSONAL_FIELDS },
  NonAssessmentCorrected: { subject: memberSubject, fields: NON_ASSESSMENT_PERSONAL_FIELDS },
  CooperativeRegistered: { subject: (d) => `cooperative-contact-${String(d.cooperativeId)}`, fields: ['contactPerson', 'email'] },
};

/** The current schema version of every event type written today. */
export const SCHEMA_VERSION = 1;

/** Old event versions and how they read as the current one (none yet: every type is at version 1). */
export const upcasters: readonly Upcaster[] = [];
