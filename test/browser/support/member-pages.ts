/** Waits on the member screens of the console (members.e2e.spec.ts): the confirmation dialog, the dashboard's holding. */
import type { Page } from 'puppeteer-core';
import { tid, waitForText } from './console.js';

/** Waits until the confirmation dialog has faded in (for a sharp screenshot). */
export async function waitForDialog(page: Page): Promise<void> {
  await page.waitForSelector(tid('confirm-dialog'), { visible: true });
  await page.waitForFunction(() => {
    const container = document.querySelector('[data-testid="confirm-dialog"] .MuiDialog-container');
    return !!container && getComputedStyle(container).opacity === '1';
  });
}

export const MEMBER_ID = /^\/member\/([0-9a-f-]{36})$/;

/** The shares held, from the dashboard's actions card ("5 shares · 1.250,00 €"). */
export async function waitForHolding(page: Page, text: string): Promise<void> {
  await waitForText(page, tid('member-holding'), text);
}
