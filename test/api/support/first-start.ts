import request from 'supertest';
import { ADMIN_PASSWORD, auth, validCooperative } from './app.js';
import type { ServerProcess } from './server-process.js';

/** The administrator's token on a server the API specs started (its first start made `admin` with ADMIN_PASSWORD). */
export async function adminToken(server: ServerProcess): Promise<string> {
  const login = await request(server.url)
    .post('/api/v1/login')
    .send({ username: 'admin', password: ADMIN_PASSWORD })
    .expect(200);
  return (login.body as { token: string }).token;
}

/**
 * The first start's cooperative given its share terms (a share of 250 €, one at least), then the server stopped: the
 * import's specs write with the command line, which runs with the server down. Answers the cooperative's id.
 */
export async function termsSetAndStopped(server: ServerProcess): Promise<string> {
  const token = await adminToken(server);
  const { cooperative } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    cooperative: string;
  };
  await request(server.url)
    .put(`/api/v1/cooperatives/${cooperative}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost: 25000, minimumShares: 1 }))
    .expect(200);
  await server.stop('SIGTERM');
  return cooperative;
}
