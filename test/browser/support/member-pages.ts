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

/** The transfer form's preview of the Geschäftsguthaben that moves with the shares ("<moved> of <price>", decision 265). */
export async function waitForTransferMoves(page: Page, amounts: string): Promise<void> {
  await waitForText(page, tid('transfer-preview-moves'), `Geschäftsguthaben moving with the shares: ${amounts}`);
}
