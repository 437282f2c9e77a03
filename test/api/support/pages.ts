import request from 'supertest';
import type { App } from 'supertest/types.js';
import { auth } from './app.js';

/** Every item of a list endpoint, page by page (1,000 a page; items appended one by one, no spread of a page). */
export async function allPages<T>(http: App, token: string, path: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let offset = 0; ; offset += 1000) {
    const res = await request(http).get(`${path}${sep}limit=1000&offset=${offset}`).set(auth(token));
    if (res.status === 204) return out;
    expect(res.status).toBe(200);
    const page = res.body as T[];
    for (const item of page) out.push(item);
    if (page.length < 1000) return out;
  }
}
