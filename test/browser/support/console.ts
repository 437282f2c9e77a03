/// <reference lib="dom" />
// Callbacks passed to page.evaluate/$eval run in the browser: they need the DOM types.
/** Small page helpers for the console: stable selectors only (data-testid, name, id derived from the field). */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { SCREENSHOT_DIR, type Product } from './product.js';

export const tid = (id: string): string => `[data-testid="${id}"]`;

/**
 * Whether the walks keep a picture of every screen they pass, for a person to read (`SCREENSHOTS=1 npm run
 * test:browser`, README). Not by default: nobody reads them in CI, and the few hundred full-page shots of a run took
 * minutes of its two cores (decision 325). A problem's picture (`problemShot`) is always kept.
 */
const REVIEW_SHOTS = process.env.SCREENSHOTS === '1';

/** A full-page picture of the screen under `test-output/screenshots/<name>.png`, when the run keeps them (`SCREENSHOTS=1`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (REVIEW_SHOTS) await problemShot(page, name);
}

/** A full-page picture of what went wrong (a failed wait, an axe finding), whatever `SCREENSHOTS` says. */
export async function problemShot(page: Page, name: string): Promise<void> {
  // Chromium's faster PNG encoding: half the time of a full-page shot (590-617 ms against 297-334 ms for a long list
  // at 1440 px), files about a quarter larger.
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`) as `${string}.png`,
    fullPage: true,
    optimizeForSpeed: true,
  });
}

/** On a failed wait: a screenshot named after the time, to see what the clerk would have seen. */
async function failureShot(page: Page): Promise<void> {
  await problemShot(page, `FAILED-${new Date().toISOString().replace(/[:.]/g, '-')}`).catch(() => undefined);
}

/** Path and query of the current URL. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Goes to `path` inside the open console, as its menu and links do: the router follows the address (a history entry
 * and the browser's popstate), the console is not loaded again. A load costs the browser 0.3-0.5 s of CPU; the walks
 * that pass dozens of screens in one signed-in page use this, the walks about loading a screen afresh use `page.goto`.
 * The screen before stays until the router has drawn the next: wait for a mark of the next screen that the one before
 * does not have (not an `h1` or the bell, which every screen has).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to: string) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
  const target = path.split('#')[0]!;
  await waitForPath(page, (p) => p === target, path);
}

export async function waitForPath(page: Page, test: (pathAndQuery: string) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (test(where(page))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  await failureShot(page);
  throw new Error(`expected ${what}, but the page is at ${where(page)}`);
}

export async function textOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
}

/** Waits until the element's visible text contains `text`. */
export async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (sel: string, t: string) => {
        const el = document.querySelector(sel) as HTMLElement | null;
        return !!el && el.innerText.includes(t);
      },
      {},
      selector,
      text,
    );
  } catch (error) {
    await failureShot(page);
    const actual = await page.$eval(selector, (el) => (el as HTMLElement).innerText).catch(() => '(no such element)');
    throw new Error(`expected ${selector} to contain "${text}", found "${actual}" (${String(error)})`);
  }
}

/** Replaces the value of an input through the keyboard (react-hook-form sees the browser's own input events). */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForSelector(selector, { visible: true });
    // The field found can be drawn anew before the click reaches it (the login form after the language was switched:
    // "Node is detached from document", a fresh clone of stop 64): found again and clicked, as openMenu does.
    const clicked = await page.click(selector, { count: 3 }).then(
      () => true,
      (error: unknown) => {
        if (attempt === 3 || !/detached|not clickable/i.test(String(error))) throw error;
        return false;
      },
    );
    if (clicked) break;
  }
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value === '') return;
  // A text field gets the value as one piece of typed text (the browser's input events, as when a clerk pastes or
  // dictates it): key by key cost the browser about 14 ms of CPU a character, a long form several seconds (a browser run
  // types some thousand characters). Fields that take no inserted text (a date's segments, a number) are typed.
  const insertable = await page.$eval(
    selector,
    (el) =>
      el instanceof HTMLTextAreaElement ||
      (el instanceof HTMLInputElement && ['text', 'search', 'email', 'password', 'tel', 'url'].includes(el.type)),
  );
  if (insertable) await page.keyboard.sendCharacter(value);
  else await page.type(selector, value);
}

/**
 * A new page of `width` px (768 px high at 1024, else 900) in `locale`, signed in as the administrator with `password`,
 * on `path` once the console has gone there.
 */
export async function signedInAt(
  product: Product,
  path: string,
  { locale, width, password }: { locale: 'de' | 'en'; width: number; password: string },
): Promise<Page> {
  const page = await product.newPage();
  await page.setViewport({ width, height: width === 1024 ? 768 : 900 });
  // The language as a clerk's earlier visit left it, written before the console's first script runs: one load of the
  // console instead of two (a new context's load costs its renderer 0.3-0.5 s of CPU). Taken away after that load, so
  // a later reload keeps the language the page chose.
  const { identifier } = await page.evaluateOnNewDocument((l: string) => {
    localStorage.setItem('RaStorecoop.locale', JSON.stringify(l));
  }, locale);
  await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await page.removeScriptToEvaluateOnNewDocument(identifier);
  await signIn(page, 'admin', password);
  await waitForPath(page, (p) => p === path, path);
  return page;
}

/** Signs in on the login page that is open now. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.waitForSelector(tid('login-username'), { visible: true });
  await fill(page, tid('login-username'), username);
  await fill(page, tid('login-password'), password);
  await page.keyboard.press('Enter');
}

/** The text under a form input (its helper text, where react-admin shows validation messages), found through aria-describedby. */
export async function fieldMessage(page: Page, source: string): Promise<string> {
  return page.evaluate((src: string) => {
    const input = document.querySelector(`form [name="${src}"]`);
    const id = input?.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.innerText.trim() ?? '') : '';
  }, source);
}

/** Waits until the message under the input named `source` contains `text`. */
export async function waitForFieldMessage(page: Page, source: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (src: string, t: string) => {
        const input = document.querySelector(`form [name="${src}"]`);
        const id = input?.getAttribute('aria-describedby');
        return !!id && !!document.getElementById(id)?.innerText.includes(t);
      },
      {},
      source,
      text,
    );
  } catch (error) {
    await failureShot(page);
    throw new Error(
      `expected the message under ${source} to contain "${text}", found "${await fieldMessage(page, source)}" (${String(error)})`,
    );
  }
}

export async function waitForTitle(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((t: string) => document.title === t, {}, title);
  } catch {
    throw new Error(`expected the page title "${title}", found "${await page.title()}"`);
  }
}

export async function chooseLanguage(page: Page, locale: 'en' | 'de'): Promise<void> {
  await openMenu(page, tid('language-button'), tid(`language-${locale}`));
  await clickMenuOption(page, tid(`language-${locale}`), `language-${locale}`);
}

/**
 * Clicks `button` until the menu holding `option` is open, as a clerk clicks again when nothing happened: a click while
 * the bar is drawn anew (the session read, a page's first data) can land on the old button and open nothing (CI, stop
 * 49: the language menu of a member's dashboard stayed shut for 30 s). A menu that is there is never clicked again:
 * a second click would land on its backdrop and close it.
 */
export async function openMenu(page: Page, button: string, option: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForSelector(button, { visible: true });
    // The button found can be drawn anew before the click reaches it ("Node is either not clickable or not an
    // Element", fresh clone of stop 50 under load): that is a click that did nothing, and the clerk clicks again.
    const clicked = await page.click(button).then(
      () => true,
      (error: unknown) => {
        if (attempt === 3) throw error;
        return false;
      },
    );
    if (!clicked) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !(await page.$(option))) await new Promise((r) => setTimeout(r, 100));
    if ((await page.$(option)) || attempt === 3) return;
  }
}

/** Chooses `value` in the react-admin select with the given data-testid. */
export async function choose(page: Page, testId: string, value: string): Promise<void> {
  await openMenu(page, `[data-testid="${testId}"] [role="combobox"]`, `li[data-value="${value}"]`);
  await clickMenuOption(page, `li[data-value="${value}"]`, `choose-${testId}`);
}

/**
 * Clicks an option of an MUI menu that is opening. The menu grows in: the click waits until it stands still, since a
 * click during the growth can land on the backdrop and close the menu without choosing. Then waits for it to close.
 */
export async function clickMenuOption(page: Page, option: string, name: string): Promise<void> {
  await page.waitForSelector(option, { visible: true });
  await page.waitForFunction(
    (selector: string) => {
      const paper = document.querySelector(selector)?.closest('.MuiPaper-root');
      return (
        !!paper &&
        getComputedStyle(paper).opacity === '1' &&
        ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(paper).transform)
      );
    },
    {},
    option,
  );
  await page.click(option);
  try {
    await page.waitForSelector(option, { hidden: true });
  } catch (error) {
    await problemShot(page, `FAILED-${name}`);
    throw error;
  }
}

/**
 * Clicks an element through the DOM once it is there: immune to the layout shifting under the pointer while cards
 * below it are still loading (a pointer click at the old coordinates would land beside a button near the page's end).
 */
export async function clickElement(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval(selector, (el) => (el as HTMLElement).click());
}

/** How far the page scrolls sideways, in pixels (0: it fits the window). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
}

/**
 * How far the widest table on the page scrolls sideways inside its box, in pixels (0: every list fits; a list that
 * does not fit shows a scroll bar under it). Used at 1024 px (issue 43).
 */
export function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('table')).map((table) => {
        const box = table.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    ),
  );
}

/**
 * The texts of the visible field labels in the page's main area that are cut (wider than their box: an ellipsis or
 * clipped), none when every label is shown whole.
 */
export function cutLabels(page: Page): Promise<string[]> {
  return page.$$eval('main label', (labels) =>
    labels
      .filter((label) => (label as HTMLElement).offsetParent !== null && label.scrollWidth > label.clientWidth)
      .map((label) => (label.textContent ?? '').trim()),
  );
}
