/**
 * The money walk's set-up and page helpers (money-walk.e2e.spec.ts): the cooperative's payment terms and the three
 * members with their subscriptions, seeded through the API, and the waits its steps read the console with.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { problemShot, tid, waitForPath } from './console.js';
import type { Product } from './product.js';
import { apiOk, seedMember, setUpCooperative } from './seed.js';

export { german } from './dates.js';
export const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The members of the walk (see the spec's comments on each) and Bernd's member number. */
export interface Walkers {
  anna: string;
  bernd: string;
  berndNr: number;
  carla: string;
  /** The day Carla's shares were posted (60 days before the seed: a walk that passes midnight keeps it). */
  carlaPosted: string;
}

/**
 * Payment terms with instalments (two, a month apart), reminders after 14 days and a creditor id; Anna Acker with
 * 2.000,00 € of further shares, 500,00 € paid; Bernd Bach with one share paid today by a debit recorded by hand and a
 * second one unpaid; Carla Mahn, two shares unpaid for 60 days. Signs in through the API as the administrator.
 */
export async function seedMoneyWalk(product: Product, today: string): Promise<Walkers> {
  const token = await product.apiLogin('admin', product.adminPassword);
  await setUpCooperative(product, token, { minimumShares: 1 });
  const ok = apiOk(product, token);
  await ok(
    '/cooperative/payment-terms',
    {
      instalments: { allowed: true, maxCount: 2, rhythmMonths: 1, minFirstPerShare: 2_500 },
      reminderAfterDays: 14,
      creditDividendUntilPaid: true,
      creditorId: 'DE98ZZZ09999999999',
    },
    'PUT',
  );
  const anna = await seedMember(product, token, {
    salutation: 'Frau',
    postalSalutation: 'female',
    givenName: 'Anna',
    name: 'Acker',
    shareAmount: 1,
  });
  const bernd = await seedMember(product, token, { givenName: 'Bernd', name: 'Bach', shareAmount: 1 });
  const long = daysAgo(90);
  const carla = await seedMember(product, token, {
    salutation: 'Frau',
    postalSalutation: 'female',
    givenName: 'Carla',
    name: 'Mahn',
    shareAmount: 1,
    entryDate: long,
    approvalDate: long,
    interestBegin: long,
  });
  const posting = (member: string, quantity: number, paid: number, date: string) =>
    ok('/balances', { member, type: 1, quantity, paid, date, approvalDate: date, interestBegin: date });
  await posting(anna, 8, 50_000, today);
  await posting(bernd, 1, 0, today);
  // Drawn by a debit outside the product's collections, recorded by hand: the one returned in the walk (a collection's
  // debit is dated a business day ahead, and a return is not dated after today: decision 357).
  await ok(`/members/${bernd}/share-payments`, { date: today, amount: 25_000, method: 'directDebit' });
  await posting(bernd, 1, 0, today);
  const carlaPosted = daysAgo(60);
  await posting(carla, 2, 0, carlaPosted);
  const berndNr = ((await product.api(`/members/${bernd}`, { token })).body as { memberNr: number }).memberNr;
  return { anna, bernd, berndNr, carla, carlaPosted };
}

/**
 * Opens `path` inside the console, as its links do (the router follows the history), and waits for `ready`: a page
 * load per screen (the console's scripts parsed again) took a second or two each on a loaded machine. The screens
 * read their data again when they open, so what a step waits for is what the server says.
 */
export async function openInConsole(page: Page, path: string, ready: string): Promise<void> {
  await page.evaluate((p: string) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForPath(page, (p) => p === path, path);
  await page.waitForSelector(ready, { visible: true });
}

/** The member history's entries of `types`, each as `type: what it was` (the entry's line naming amount, plan, reference). */
export async function memberHistoryLines(page: Page, types: readonly string[], count: number): Promise<string[]> {
  const selector = types.map((t) => `${tid('history-entry')}[data-type="${t}"] ${tid('history-money')}`).join(', ');
  await page
    .waitForFunction((sel: string, n: number) => document.querySelectorAll(sel).length >= n, {}, selector, count)
    .catch(async (error: unknown) => {
      throw new Error(
        `fewer than ${count} history entries of ${types.join(', ')}: ${await page.$eval(tid('member-history'), (e) => (e as HTMLElement).innerText)} (${String(error)})`,
      );
    });
  return page.$$eval(selector, (els) =>
    els.map((el) => `${el.closest('[data-type]')!.getAttribute('data-type')}: ${(el as HTMLElement).innerText}`),
  );
}

/** The element whose text contains `text` among those matching `selector`. */
export async function rowWithText(page: Page, selector: string, text: string): Promise<ElementHandle<Element>> {
  try {
    const handle = await page.waitForFunction(
      (sel: string, t: string) =>
        Array.from(document.querySelectorAll(sel)).find((el) => (el as HTMLElement).innerText.includes(t)) ?? false,
      {},
      selector,
      text,
    );
    return handle as ElementHandle<Element>;
  } catch (error) {
    await problemShot(page, `FAILED-money-walk-${selector.replace(/\W+/g, '-')}`);
    const rows = await page.$$eval(selector, (els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    throw new Error(`no ${selector} with "${text}" at ${page.url()}; rows: ${JSON.stringify(rows)} (${String(error)})`);
  }
}
