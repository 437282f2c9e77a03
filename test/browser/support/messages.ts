/** The server's messages as the console shows them: under a select, and in a notification (tax-papers.e2e.spec.ts). */
import type { Page } from 'puppeteer-core';
import { problemShot } from './console.js';

/** The text under a select (its helper text, where the server's message appears). */
export async function waitForSelectMessage(page: Page, source: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (src: string, t: string) => {
        const control = document.querySelector(`form input[name="${src}"]`)?.closest('.MuiFormControl-root');
        const helper = control?.querySelector('.MuiFormHelperText-root') as HTMLElement | null | undefined;
        return !!helper && helper.innerText.includes(t);
      },
      {},
      source,
      text,
    );
  } catch (error) {
    await problemShot(page, `FAILED-select-message-${source}`);
    throw error;
  }
}

/** Waits for an error notification (a general error of the API) containing `text`. */
export async function waitForNotification(page: Page, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (t: string) =>
        Array.from(document.querySelectorAll('.MuiSnackbarContent-message')).some((el) =>
          (el as HTMLElement).innerText.includes(t),
        ),
      {},
      text,
    );
  } catch (error) {
    await problemShot(page, 'FAILED-notification');
    throw error;
  }
}

/** Waits until no notification is shown (so the next one is really new). */
export async function waitForNoNotification(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.MuiSnackbarContent-message').length === 0, {
    timeout: 15_000,
  });
}
