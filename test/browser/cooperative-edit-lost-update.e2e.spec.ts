import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fill, signIn, tid, waitForPath, waitForText } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { cooperativeIdOf } from './support/seed.js';

/*
 * The cooperative's screen sends the `masterTag` of the record it loaded (writable fields): saved twice from the open
 * form, the second save carries the tag of the first's answer and stands; a form read before another administrator's
 * change is refused (409 cooperativeChangedMeanwhile) and says so, and the other's IBAN stays.
 */
describe('the cooperative screen and a change made meanwhile', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  it('saves twice from the open form, and refuses a form read before another administrator’s change', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/cooperative`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/cooperative', '/cooperative');
    await page.waitForSelector('input[name="iban"]');
    const values: Record<string, string> = {
      fullName: 'Test Wohnungsgenossenschaft eG',
      address: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      taxId: '1121081508150',
      contactPerson: 'Erika Mustermann',
      email: 'info@test-eg.de',
      url: 'https://test-eg.de',
      bankname: 'Testbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      balanceCost: '250,00',
    };
    for (const [field, value] of Object.entries(values)) await fill(page, `input[name="${field}"]`, value);
    const put = () =>
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/cooperatives/'), {
        timeout: 60_000,
      });
    const sent = (body: string | undefined) => (JSON.parse(body ?? '{}') as { masterTag?: unknown }).masterTag;

    let answer = put();
    await page.$eval(tid('save'), (el) => el.closest('form')?.requestSubmit());
    const first = await answer;
    expect(first.status()).toBe(200);
    expect(sent(first.request().postData())).toMatch(/^[0-9a-f]{16}$/);
    const firstTag = ((await first.json()) as { masterTag: string }).masterTag;

    // The form stays open; its next save sends the tag of the first save's answer and stands.
    await page.waitForFunction(
      () => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Berlin',
    );
    await fill(page, 'input[name="city"]', 'Potsdam');
    answer = put();
    await page.$eval(tid('save'), (el) => el.closest('form')?.requestSubmit());
    const second = await answer;
    expect({ status: second.status(), tag: sent(second.request().postData()) }).toEqual({ status: 200, tag: firstTag });

    // Another administrator records a new IBAN meanwhile (from the record as it stands now).
    const token = await product.apiLogin('admin', product.adminPassword);
    const coopId = cooperativeIdOf(token);
    const now = (await product.api(`/cooperatives/${coopId}`, { token })).body as Record<string, unknown>;
    const other = await product.api(`/cooperatives/${coopId}`, {
      method: 'PUT',
      token,
      body: { ...now, iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
    });
    expect(other.status).toBe(200);

    // This form, read before it, saves the address: refused, and the other's IBAN stays.
    await fill(page, 'input[name="address"]', 'Bahnhofstraße 7');
    answer = put();
    await page.$eval(tid('save'), (el) => el.closest('form')?.requestSubmit());
    expect((await answer).status()).toBe(409);
    await waitForText(page, 'body', 'Someone else changed the cooperative while you were editing');
    const after = (await product.api(`/cooperatives/${coopId}`, { token })).body;
    expect(after).toMatchObject({ iban: 'DE02120300000000202051', address: 'Hauptstraße 1', city: 'Potsdam' });
    await page.browserContext().close();
  }, 120_000);
});
