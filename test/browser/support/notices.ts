import type { Page } from 'puppeteer-core';
import { problemShot } from './console.js';

/**
 * Keeps every notification (react-admin's snackbar) shown from now on, seen by a MutationObserver set before the action:
 * a notice shows 4 s, which a per-frame check begun after the action can miss under load. Returns a wait for one that
 * contains `text` (its failure names the notices seen and keeps a screenshot).
 */
export async function noticesFromNow(page: Page): Promise<(text: string) => Promise<void>> {
  await page.evaluate(() => {
    const w = window as unknown as { notices: string[] };
    w.notices = [];
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('.MuiSnackbarContent-message'))) {
        const text = el.textContent ?? '';
        if (!w.notices.includes(text)) w.notices.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return async (text: string) => {
    try {
      await page.waitForFunction(
        (t: string) => (window as unknown as { notices: string[] }).notices.some((n) => n.includes(t)),
        { polling: 100, timeout: 60_000 },
        text,
      );
    } catch (error) {
      await problemShot(page, 'FAILED-notice');
      const shown = await page.evaluate(() => (window as unknown as { notices: string[] }).notices);
      throw new Error(`expected a notice "${text}", found ${JSON.stringify(shown)} (${String(error)})`, {
        cause: error,
      });
    }
  };
}

/**
 * Keeps the page's whole text on each change from now on (a MutationObserver set before the action), to show that
 * something never appeared, not even for a frame (another user's member, a "saved" that was not). Returns a reader of
 * the texts kept.
 */
export async function textsFromNow(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { shown: string[] };
    w.shown = [];
    new MutationObserver(() => w.shown.push(document.body.innerText)).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { shown: string[] }).shown);
}
