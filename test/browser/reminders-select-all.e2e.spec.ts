import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMINDER_RUN_MAX } from '@coop/contracts';
import { ADMIN_PASSWORD, startApp } from '../api/support/app.js';
import { createMember, setPaymentTerms, setTerms } from '../api/support/members.js';
import { clickElement, signedInAt, textOf, tid, waitForText } from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';

/*
 * One sending of reminders takes at most REMINDER_RUN_MAX (2,000) members (the API's limit; 2,000 ids fill most of a
 * JSON body's 100 KiB), while the due list shows up to 10,000. Here 2,001 members owe 250 € each, overdue. Before: "Alle
 * auswählen" chose all 2,001, and sending them was refused whole (400 `mustBeAtMost`), so nobody was reminded and the
 * clerk was left to untick members one by one. Now the screen says that one sending takes at most 2,000, "select all"
 * chooses the first 2,000 (oldest due first), they are sent, and the one left is listed for the next sending.
 */

const MEMBERS = REMINDER_RUN_MAX + 1;

describe('reminders: "select all" with more members due than one sending takes', () => {
  let dataDir: string;
  let product: Product;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'coop-reminders-select-all-'));
    const t = await startApp({ DATA_DIR: dataDir });
    try {
      await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
      await setPaymentTerms(t.http, t.adminToken, { reminderAfterDays: 1 });
      const batch = 25;
      for (let start = 0; start < MEMBERS; start += batch)
        await Promise.all(
          Array.from({ length: Math.min(batch, MEMBERS - start) }, (_, i) =>
            createMember(t.http, t.adminToken, { name: `Saeumig${start + i}`, shareAmount: 1, paid: 0 }),
          ),
        );
    } finally {
      await t.running.close();
    }
    product = await startProduct({ DATA_DIR: dataDir });
  }, 600_000);

  afterAll(async () => {
    await product?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('selects and sends the first 2,000, and the one left stays listed', async () => {
    const page = await signedInAt(product, '/payment-reminders', {
      locale: 'de',
      width: 1440,
      password: ADMIN_PASSWORD,
    });
    await page.waitForSelector(tid('reminders-table'), { visible: true, timeout: 60_000 });
    await settled(page);
    expect(await textOf(page, tid('reminders-more-than-one-sending'))).toContain('höchstens 2.000');
    expect(await accessibilityProblems(page)).toEqual([]);

    await clickElement(page, tid('reminders-select-all'));
    await waitForText(page, '#reminders-send-title', '2.000 ausgewählt');
    await clickElement(page, tid('reminders-send-button'));
    await page.waitForSelector(tid('reminders-confirm'), { visible: true });
    await clickElement(page, tid('reminders-confirm-yes'));
    await page.waitForSelector(`${tid('reminders-sent')}, ${tid('reminders-send-error')}`, {
      visible: true,
      timeout: 120_000,
    });
    expect(await page.$(tid('reminders-send-error'))).toBeNull();
    expect(await textOf(page, tid('reminders-sent'))).toContain('2.000 Mahnungen erfasst (500.000,00');

    // The list is read again: the member left is due for the next sending, and the note is gone.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reminders-row"]').length === 1, {
      timeout: 60_000,
    });
    expect(await page.$(tid('reminders-more-than-one-sending'))).toBeNull();
    await page.close();
  }, 300_000);
});
