import { usersProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

const userSubject = (data: Record<string, unknown>): string => `user-${String(data.userId)}`;

/** Users and their usernames: what the area contributes to the platform (services/src/areas.ts lists it). */
export const usersArea: AreaRegistration = {
  name: 'users',
  projectors: [usersProjector],
  // The username and the password hash, under the user's own key: erasing it leaves them unreadable.
  personalData: {
    UserCreated: { subject: userSubject, fields: ['username', 'passwordHash'] },
    UserRenamed: { subject: userSubject, fields: ['username'] },
    UserPasswordChanged: { subject: userSubject, fields: ['passwordHash'] },
    UsernameClaimed: { subject: userSubject, fields: ['username'] },
    UsernameReleased: { subject: userSubject, fields: ['username'] },
  },
  upcasters: [],
  views: {},
};
