import {
  CHURCH_DATA_PERSONAL_FIELDS,
  MEMBER_CHURCH_FIELDS,
  MEMBER_PERSONAL_FIELDS,
  memberChurchSubject,
  memberDataSubject,
} from '@coop/contracts';
import { membersProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';
import { withoutChurchData } from '../kernel/church-data.js';
import { readMember } from './queries/member-documents.js';
import { toMemberDto } from './queries/member.view.js';

/** The church fields of the master data, under the member's church key. */
const churchGroup = {
  subject: (d: Record<string, unknown>) => memberChurchSubject(String(d.memberId)),
  fields: MEMBER_CHURCH_FIELDS,
};

/** Members and their share accounts: what the area contributes to the platform (services/src/areas.ts lists it). */
export const membersArea: AreaRegistration = {
  name: 'members',
  projectors: [membersProjector],
  // The master data (names, birth, address, contact, bank, tax ids, spouse) under the member's own key, its church
  // fields apart under the member's church key (deleted earlier: a null answer, the exit; decision 101).
  // Postings, exits, member numbers and register corrections carry no personal data.
  personalData: {
    MemberAdmitted: {
      subject: (d) => memberDataSubject(String(d.memberId)),
      fields: MEMBER_PERSONAL_FIELDS,
      apart: [churchGroup],
    },
    MemberDataChanged: {
      subject: (d) => memberDataSubject(String(d.memberId)),
      fields: MEMBER_PERSONAL_FIELDS,
      apart: [churchGroup],
    },
    // The reason of an extraordinary notice (§ 65 (3) GenG) tells of the member's personal or economic situation.
    MembershipEndNoticed: { subject: (d) => memberDataSubject(String(d.memberId)), fields: ['extraordinaryReason'] },
    // Church data is special-category data (Art. 9 GDPR; issue 24): sealed like the master data's church fields.
    ChurchDataRecorded: {
      subject: (d) => memberChurchSubject(String(d.memberId)),
      fields: CHURCH_DATA_PERSONAL_FIELDS,
    },
  },
  upcasters: [],
  views: {
    /**
     * The member list (`GET /members`): `today` and, for "as of a date", `date` (both `YYYY-MM-DD`); `church: 'hidden'`
     * for a caller without `church:read` (null in the church fields, issue 24).
     */
    member: (doc, args) => {
      const member = toMemberDto(readMember(doc), args.today ?? '', args.date);
      return args.church === 'hidden' ? withoutChurchData(member) : member;
    },
  },
};
