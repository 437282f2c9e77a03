import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { businessToday, type CollectionDto, type ShareDueDto } from '@coop/contracts';
import { ADMIN_PASSWORD, auth, startApp, type TestApp } from '../api/support/app.js';
import { createMember, DATES, posted, setPaymentTerms, setTerms } from '../api/support/members.js';
import { screenshot, signedInAt, tid } from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { apiOk } from './support/seed.js';
import { adminContext, collectionHandlerWith } from '../api/support/direct-debits.js';
import { CreateCollectionCommand } from '../../services/src/direct-debits/commands/collection.commands.js';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';

/*
 * Issue 45, decision 270: the warning of debits collected above what was still owed
 * (`admin-ui/src/direct-debits/AboveOutstanding.tsx`), drawn under its collection on the direct debits screen, passes
 * axe with no violation of any impact in German and English at 1024 and 1440 px, and does not overflow at 1024 px.
 *
 * The state is made through the product, as `test/api/direct-debits-booking.e2e.spec.ts` makes it: the application in
 * this process writes a collection whose booking stops after its file and stream are written (its booking replaced by a
 * failure; from outside, only a crash at that moment would stop it). The product is then started on the same data
 * directory, and through its API, meanwhile, Anna pays part of her due by hand, Bert gives notice on two shares (the
 * unpaid part released) and Cora's further shares are annulled; the next collection (Dora's) completes the stopped one,
 * booking each debit up to what its due still owes and naming the excess. No API answer is intercepted.
 *
 * Not drawn here: the same warning with a new collection's answer, which names only that collection's own debits, so
 * it shows only when a due is lowered while that very request books them (a race the API suite makes in process).
 */

const collectionDate = earliestCollectionDate(businessToday());
type Name = 'anna' | 'bert' | 'cora' | 'dora';

interface Stopped {
  readonly member: Record<Name, string>;
  readonly nr: Record<Name, number>;
  /** The dues in the stopped collection. */
  readonly due: Record<'anna' | 'bert' | 'cora', string>;
}

/** Writes a collection of Anna's, Bert's and Cora's dues whose booking stops after its file is written. */
async function stoppedCollection(dataDir: string): Promise<Stopped> {
  const t: TestApp = await startApp({ DATA_DIR: dataDir });
  try {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    // Anna 2 shares, 200 € paid: 300 € due. Bert 3 shares, 300 € paid: 450 € due. Cora 1 share paid and 2 more, nothing
    // paid on them: 500 € due. Dora as Anna (the next collection's).
    const newMember = (givenName: string, name: string, shareAmount: number, paid?: number) =>
      createMember(t.http, t.adminToken, { givenName, name, shareAmount, ...(paid === undefined ? {} : { paid }) });
    const created = {
      anna: await newMember('Anna', 'Abbucher', 2, 20_000),
      bert: await newMember('Bert', 'Kündiger', 3, 30_000),
      cora: await newMember('Cora', 'Storniert', 1),
      dora: await newMember('Dora', 'Nächste', 2, 20_000),
    };
    const further = await posted(t.http, t.adminToken, {
      member: created.cora.id,
      type: 1,
      quantity: 2,
      ...DATES,
      paid: 0,
    });
    const dues: string[] = [];
    for (const [key, member] of Object.entries(created)) {
      const own = (
        await request(t.http).get(`/api/v1/members/${member.id}/share-dues`).set(auth(t.adminToken)).expect(200)
      ).body as ShareDueDto[];
      if (key !== 'dora') dues.push(key === 'cora' ? further.id : own[0]!.id);
      await request(t.http)
        .post(`/api/v1/members/${member.id}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: `A11Y-${key.toUpperCase()}`, signedOn: businessToday(), kind: 'recurring' })
        .expect(201);
    }
    // The app's handler, its booking stopped: the file and the collection's stream are written, no debit is booked.
    const stopped = collectionHandlerWith(t, { book: () => () => Promise.reject(new Error('stopped')) });
    const ctx = adminContext(t);
    await expect(stopped.execute(new CreateCollectionCommand(ctx, collectionDate, dues, new Date()))).rejects.toThrow(
      'stopped',
    );
    return {
      member: Object.fromEntries(Object.entries(created).map(([k, m]) => [k, m.id])) as Record<Name, string>,
      nr: Object.fromEntries(Object.entries(created).map(([k, m]) => [k, m.memberNr!])) as Record<Name, number>,
      due: { anna: dues[0]!, bert: dues[1]!, cora: further.id },
    };
  } finally {
    await t.running.close();
  }
}

describe('the direct debits screen with debits collected above what was owed: no accessibility violation', () => {
  let dataDir: string;
  let product: Product;
  let stopped: Stopped;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'coop-debits-above-browser-'));
    stopped = await stoppedCollection(dataDir);
    product = await startProduct({ DATA_DIR: dataDir });
    const token = await product.apiLogin('admin', ADMIN_PASSWORD);
    const ok = apiOk(product, token);
    const { member, due } = stopped;
    // Meanwhile: Anna pays 100 € by hand; Bert gives notice on 2 shares (the 300 € paid leave, 200 € unpaid are
    // released: 250 € owed); Cora's further shares are annulled.
    await ok(`/members/${member.anna}/share-payments`, {
      date: businessToday(),
      amount: 10_000,
      method: 'transfer',
      balanceId: due.anna,
    });
    await ok('/balances', { member: member.bert, type: 2, quantity: 2, ...DATES, noticeDate: DATES.date });
    await ok('/balances', { member: member.cora, type: 5, annulPeer: due.cora, date: businessToday() });
    // The next collection, Dora's, completes the stopped one first.
    const [dora] = (await product.api(`/members/${member.dora}/share-dues`, { token })).body as ShareDueDto[];
    await ok('/direct-debits', { collectionDate, balanceIds: [dora!.id] });
    const listed = (await product.api('/direct-debits', { token })).body as CollectionDto[];
    expect(listed.map((c) => [c.count, c.complete, c.aboveOutstandingCents]).sort()).toEqual([
      [1, true, 0],
      [3, true, 80_000],
    ]);
  }, 180_000);

  afterAll(async () => {
    await product?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const pageIn = (locale: 'de' | 'en', width: number): Promise<Page> =>
    signedInAt(product, '/direct-debits', { locale, width, password: ADMIN_PASSWORD });

  /** The warning's lines as a clerk reads them, by language. */
  const expected = (locale: 'de' | 'en'): { title: string; items: string[] } => {
    const { nr } = stopped;
    return locale === 'de'
      ? {
          title: 'Über das Geschuldete hinaus eingezogen: 800,00 €.',
          items: [
            `Mitglied ${nr.anna}: 100,00 € von 300,00 € über dem Geschuldeten (200,00 € gebucht) – inzwischen bezahlt, übertragen oder freigegeben`,
            `Mitglied ${nr.bert}: 200,00 € von 450,00 € über dem Geschuldeten (250,00 € gebucht) – inzwischen bezahlt, übertragen oder freigegeben`,
            `Mitglied ${nr.cora}: 500,00 € von 500,00 € über dem Geschuldeten (0,00 € gebucht) – Zeichnung storniert`,
          ],
        }
      : {
          title: 'Collected above what was owed: 800,00 €.',
          items: [
            `Member ${nr.anna}: 100,00 € of 300,00 € above what was owed (200,00 € booked) – paid, passed on or released meanwhile`,
            `Member ${nr.bert}: 200,00 € of 450,00 € above what was owed (250,00 € booked) – paid, passed on or released meanwhile`,
            `Member ${nr.cora}: 500,00 € of 500,00 € above what was owed (0,00 € booked) – subscription annulled`,
          ],
        };
  };

  const pairs: ReadonlyArray<readonly ['de' | 'en', number]> = [
    ['de', 1024],
    ['de', 1440],
    ['en', 1024],
    ['en', 1440],
  ];
  for (const [locale, width] of pairs) {
    it(`draws the warning under its collection with nothing for axe to find (${locale}, ${width} px)`, async () => {
      const page = await pageIn(locale, width);
      const warning = tid('direct-debit-above-outstanding');
      await page.waitForSelector(warning, { visible: true });
      await settled(page);
      await screenshot(page, `direct-debits-above-outstanding-${locale}-${width}`);

      const shown = await page.$eval(warning, (el) => ({
        text: (el as HTMLElement).innerText,
        items: Array.from(el.querySelectorAll('li')).map((li) => li.innerText.trim()),
      }));
      const { title, items } = expected(locale);
      expect(shown.text.startsWith(title)).toBe(true);
      expect([...shown.items].sort()).toEqual([...items].sort());

      // Nothing the clerk must scroll sideways to read: not the page, not the card, not the warning itself.
      const overflow = await page.$eval(warning, (el) => {
        const card = el.closest('[data-testid="direct-debits"]')!;
        const content = card.querySelector('.MuiCardContent-root')!;
        const page = document.scrollingElement!;
        return {
          page: page.scrollWidth - page.clientWidth,
          card: content.scrollWidth - content.clientWidth,
          warning: el.scrollWidth - el.clientWidth,
          beyondCard: Math.max(0, Math.ceil(el.getBoundingClientRect().right - content.getBoundingClientRect().right)),
        };
      });
      expect(overflow).toEqual({ page: 0, card: 0, warning: 0, beyondCard: 0 });
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.browserContext().close();
    });
  }
});
