import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { EventMetadata, NewEvent, StreamAppend } from '@coop/contracts';
import { ADMIN_PASSWORD, startApp } from '../api/support/app.js';
import { createMember, setTerms } from '../api/support/members.js';
import { caughtUp } from '../api/support/server-process.js';
import { clickElement, screenshot, signIn, tid, waitForPath, waitForText } from './support/console.js';
import { accessibilityProblems } from './support/accessibility.js';
import { noticesFromNow } from './support/notices.js';
import { startProduct, type Product } from './support/product.js';

/**
 * Issue 41, decision 201: the super administrator starts a rebuild of the read models from the task list; its row shows
 * the bar, the events replayed of the total and the phase while it runs, and the console keeps answering meanwhile (the
 * member list, from the current read models) until the task ends completed. The log is seeded long enough (users of
 * another cooperative) that the rebuild runs for several seconds. The task list free of axe violations while it runs.
 */

const SEEDED = 60_000;
const MEMBERS = ['Rebuilt', 'Remained', 'Readable'];

describe('a rebuild of the read models from the console', () => {
  let product: Product;
  let dataDir: string;

  beforeAll(async () => {
    // The log written by the application in this process (first start, members, seeded users), then served by the product.
    dataDir = await mkdtemp(join(tmpdir(), 'coop-rebuild-browser-'));
    const t = await startApp({ DATA_DIR: dataDir });
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    for (const name of MEMBERS) await createMember(t.http, t.adminToken, { name, givenName: 'Rosa', shareAmount: 1 });
    const metadata: EventMetadata = {
      cooperativeId: 'seed-cooperative',
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'seed',
      causationId: 'seed',
      schemaVersion: 1,
    };
    for (let from = 0; from < SEEDED; from += 2_000) {
      const appends: StreamAppend[] = [];
      for (let i = from; i < from + 2_000; i++) {
        const data = {
          userId: `seed-${i}`,
          cooperativeId: 'seed-cooperative',
          username: `seed.${i}`,
          passwordHash: '$argon2id$seed',
          roles: ['ROLE_USER'],
        };
        appends.push({
          streamId: `user-seed-${i}`,
          expected: 'no_stream',
          events: [{ type: 'UserCreated', data, metadata } as NewEvent],
        });
      }
      await t.running.storage.events.appendMulti(appends);
    }
    await caughtUp(dataDir, 300_000);
    await t.running.close();
    product = await startProduct({ DATA_DIR: dataDir });
  }, 600_000);

  afterAll(async () => {
    await product?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signInAs = async (page: Page): Promise<void> => {
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('en')));
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent('/tasks')}`);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForPath(page, (p) => p === '/tasks', 'the tasks');
  };

  it('shows the progress and phase of the rebuild while the member list answers, then its end', async () => {
    const page = await product.newPage();
    page.setDefaultTimeout(30_000);
    await signInAs(page);
    // Its answer, and its 4 s notice seen by an observer set before the click (a per-frame check missed it under load).
    const queued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/rebuilds'));
    const notice = await noticesFromNow(page);
    await clickElement(page, tid('tasks-rebuild'));
    expect((await queued).status()).toBe(201);
    await notice('The rebuild of the read models has been queued.');
    // Running: the bar, "n of total" and the phase under it.
    await page.waitForSelector(
      `[data-testid="task-row"][data-kind="readModelRebuild"][data-state="running"] ${tid('task-phase')}`,
      { timeout: 60_000 },
    );
    await waitForText(page, tid('task-phase'), 'Replaying the event log');
    const progress = await page.$eval(tid('task-progress-text'), (el) => (el as HTMLElement).innerText.trim());
    const [done, total] = (/^([\d.,]+) of ([\d.,]+)$/.exec(progress) ?? [])
      .slice(1)
      .map((n) => Number(n!.replace(/[.,]/g, '')));
    expect(total).toBeGreaterThanOrEqual(SEEDED);
    expect(done).toBeLessThanOrEqual(total!);
    expect(
      await page.$eval(`${tid('task-progress')} [role="progressbar"]`, (el) => el.getAttribute('aria-label')),
    ).toMatch(/^Progress of the task Rebuild of the read models: /);
    await screenshot(page, 'rebuild-task-running');
    const problems = await accessibilityProblems(page);
    expect(problems).toEqual([]);

    // The console answers meanwhile: the member list, complete, from the current read models.
    await page.goto(`${product.baseUrl}/members`);
    for (const name of MEMBERS) await waitForText(page, 'main', name);
    const stillRunning = await product.api('/tasks?filter=kind:readModelRebuild', {
      token: await product.apiLogin('admin', ADMIN_PASSWORD),
    });
    expect(stillRunning.status).toBe(200);
    expect((stillRunning.body as { state: string }[])[0]!.state).toBe('running');

    // Back to the tasks: it ends completed.
    await page.goto(`${product.baseUrl}/tasks`);
    await page.waitForSelector('[data-testid="task-row"][data-kind="readModelRebuild"][data-state="completed"]', {
      timeout: 300_000,
    });
    for (const name of MEMBERS) {
      await page.goto(`${product.baseUrl}/members`);
      await waitForText(page, 'main', name);
    }
    await page.browserContext().close();
  }, 600_000);
});
