// The users read model of bench/list.js: 100,000 users of one cooperative made of common German names.
import argon2 from 'argon2';
import { built, fakeUuid, now, rng } from '../lib.js';

/** Given names and surnames the usernames are made of (`<given>.<surname>-<n>`). */
const FIRST = [
  'Anna',
  'Bernd',
  'Carla',
  'Dieter',
  'Elke',
  'Frank',
  'Gisela',
  'Hans',
  'Ingrid',
  'Jürgen',
  'Karin',
  'Lena',
  'Martin',
  'Nina',
  'Otto',
  'Petra',
  'Ralf',
  'Sabine',
  'Thomas',
  'Ursula',
  'Volker',
  'Wiebke',
  'Yvonne',
  'Zoe',
  'Ömer',
  'Özlem',
  'Stefan',
  'Julia',
  'Michael',
  'Sandra',
  'Andreas',
  'Claudia',
  'Markus',
  'Heike',
  'Tobias',
  'Katrin',
  'Florian',
  'Monika',
  'Lukas',
  'Marie',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Schubert',
  'Vogel',
  'Friedrich',
  'Keller',
  'Günther',
  'Frank',
  'Berger',
  'Winkler',
  'Roth',
  'Beck',
  'Lorenz',
];
/**
 * Appends `users` UserCreated events of one cooperative, `batch` per appendMulti, and waits for the read models; answers
 * the milliseconds that took. The same users every time (seeded).
 */
export async function fillUsers(storage, cooperativeId, users, batch) {
  const { userStream } = await built('contracts/dist/index.js');
  const passwordHash = await argon2.hash('not-used-for-sign-in', {
    type: argon2.argon2id,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  const random = rng(11);
  const t = now();
  let head = -1n;
  for (let start = 0; start < users; start += batch) {
    const appends = [];
    for (let i = start; i < Math.min(users, start + batch); i++) {
      const userId = fakeUuid(random);
      const username = `${FIRST[Math.floor(random() * FIRST.length)]}.${LAST[Math.floor(random() * LAST.length)]}-${i + 1}`;
      const roles = random() < 0.1 ? ['ROLE_ADMIN', 'ROLE_USER'] : ['ROLE_USER'];
      appends.push({
        streamId: userStream(userId),
        expected: 'no_stream',
        events: [
          {
            type: 'UserCreated',
            data: { userId, cooperativeId, username, passwordHash, roles },
            metadata: {
              cooperativeId,
              user: 'admin',
              timestamp: new Date().toISOString(),
              correlationId: fakeUuid(random),
              causationId: fakeUuid(random),
              schemaVersion: 1,
            },
          },
        ],
      });
    }
    head = (await storage.events.appendMulti(appends)).position;
  }
  await storage.runner.waitFor(head, 600_000);
  return now() - t;
}
