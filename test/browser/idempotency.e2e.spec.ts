import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HTTPRequest } from 'puppeteer-core';
import { fill, signIn, tid, waitForPath } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/*
 * The console's posting form sends an `Idempotency-Key` (decision 297): the same request sent again, as a double click or
 * a retry after a lost answer sends it, posts once. The posting the clerk saved is sent a second time from the page
 * with the headers and body the console sent; without a key it was posted twice. The approval number form alike
 * (decision 421).
 */
describe('a posting sent twice from the console is posted once', () => {
  let product: Product;
  let token: string;
  let memberId: string;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Einmal eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token, { name: 'Einmal eG' });
    memberId = await seedMember(product, token, { name: 'Einmal', givenName: 'Erna', approvalDate: '2020-01-02' });
  }, 90_000);
  afterAll(async () => product?.close());

  const postings = async (type: number): Promise<unknown[]> => {
    const res = await product.api(`/balances?filter=member:${memberId},type:${type}`, { token });
    return res.status === 204 ? [] : (res.body as unknown[]);
  };

  it('sends a key with the posting; the same request again answers the same posting and posts nothing', async () => {
    const page = await product.newPage();
    const sent: { headers: Record<string, string>; body: string }[] = [];
    page.on('request', (request: HTTPRequest) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/balances')
        sent.push({ headers: request.headers(), body: request.postData() ?? '' });
    });
    /** Subscribes a share through the console's form on `date` (`dd.mm.yyyy`), back on the member's page. */
    const subscribe = async (date: string): Promise<void> => {
      await page.goto(`${product.baseUrl}/balances/new/type/1/member/${memberId}`);
      if (sent.length === 0) await signIn(page, 'admin', product.adminPassword);
      await page.waitForSelector('form input[name="date"]');
      await fill(page, 'input[name="date"]', date);
      await fill(page, 'input[name="approvalDate"]', date);
      await page.click(tid('save'));
      await waitForPath(page, (p) => p === `/member/${memberId}`, `the dashboard after the posting of ${date}`);
    };
    await subscribe('10.05.2021');
    expect(sent).toHaveLength(1);
    const [first] = sent;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const posted = await postings(1);
    expect(posted).toHaveLength(1);

    // The same request again, as the browser sent it (from the page: the listener takes it too).
    const again = await page.evaluate(
      async (headers: Record<string, string>, body: string) => {
        const res = await fetch('/api/v1/balances', { method: 'POST', headers, body });
        return { status: res.status, body: (await res.json()) as { id: string } };
      },
      first!.headers,
      first!.body,
    );
    expect(again.status).toBeLessThan(300);
    expect(again.body.id).toBe((posted[0] as { id: string }).id);
    expect(await postings(1)).toHaveLength(1);

    // A new form is a new posting: its key is another.
    await subscribe('11.05.2021');
    expect(sent).toHaveLength(3);
    expect(sent[2]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2]!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
    expect(await postings(1)).toHaveLength(2);
    await page.close();
  }, 120_000);

  it('the approval number form sends a key per form: the same request again adds nothing (decision 421)', async () => {
    const page = await product.newPage();
    const sent: { headers: Record<string, string>; body: string }[] = [];
    page.on('request', (request: HTTPRequest) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/elmanumbers')
        sent.push({ headers: request.headers(), body: request.postData() ?? '' });
    });
    const numbers = async (): Promise<{ id: string; elmaNumber: string }[]> => {
      const res = await product.api('/elmanumbers', { token });
      return res.status === 204 ? [] : (res.body as { id: string; elmaNumber: string }[]);
    };
    const before = (await numbers()).length;
    /** Adds `number` (process fs) through the console's form, back on the administration page. */
    const add = async (number: string): Promise<void> => {
      await page.goto(`${product.baseUrl}/elma-number/new`);
      if (sent.length === 0) await signIn(page, 'admin', product.adminPassword);
      await page.waitForSelector('input[name="elmaNumber"]');
      await fill(page, 'input[name="elmaNumber"]', number);
      await page.click(tid('save'));
      await waitForPath(page, (p) => p === '/administration', `the administration after adding ${number}`);
    };
    await add('52345671');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const added = (await numbers()).filter((n) => n.elmaNumber === '52345671');
    expect(added).toHaveLength(1);

    const again = await page.evaluate(
      async (headers: Record<string, string>, body: string) => {
        const res = await fetch('/api/v1/elmanumbers', { method: 'POST', headers, body });
        return { status: res.status, body: (await res.json()) as { id: string } };
      },
      sent[0]!.headers,
      sent[0]!.body,
    );
    expect(again).toEqual({ status: 201, body: expect.objectContaining({ id: added[0]!.id }) });
    expect(await numbers()).toHaveLength(before + 1);

    // The next form is another number: its key is another.
    await add('72345671');
    expect(sent).toHaveLength(3);
    expect(sent[2]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2]!.headers['idempotency-key']).not.toBe(sent[0]!.headers['idempotency-key']);
    expect(await numbers()).toHaveLength(before + 2);
    await page.close();
  }, 120_000);
});
