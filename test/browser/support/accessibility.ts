import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { ROOT } from './product.js';
import { problemShot } from './console.js';

const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Loads axe into the page unless it is there. Evaluated through the DevTools protocol, not as a `<script>` tag: the
 * product's content security policy (no inline scripts, issue 28) refuses an injected inline script, as it should.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
}

/**
 * Waits (up to 2 s) until no finite CSS transition or animation runs: axe measures colours as drawn, and a dialog
 * fading in has its buttons' colours blended with the page behind (a contrast failure that is not there once shown).
 * Endless animations (a spinner) are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      { timeout: 2000, polling: 50 },
    )
    .catch(() => undefined);
}

/**
 * The page's axe violations (any impact), as `rule (impact): selectors` lines (empty when there is none). A finding is
 * one axe makes again on the settled page: a snackbar that begins to fade out while axe measures (its auto-hide fell
 * into the run: the bell's spec in a browser run at a load of 8) has its text blended with the page for that moment,
 * a contrast the clerk never sees. A page that really fails fails both runs; a clean page is measured once.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const first = await axeRun(page);
  return first.length === 0 ? first : axeRun(page);
}

async function axeRun(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The axe violations and the house rules (one main landmark, one h1, no empty table header cell), as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const found = await axeViolations(page);
  const house = await page.evaluate(() => {
    const out: string[] = [];
    if (document.querySelectorAll('main').length !== 1) out.push('no single main landmark');
    if (document.querySelectorAll('h1').length !== 1) out.push(`${document.querySelectorAll('h1').length} h1 headings`);
    const empty = Array.from(document.querySelectorAll('th')).filter((th) => (th.textContent ?? '').trim() === '');
    if (empty.length > 0) out.push(`${empty.length} empty table header cells`);
    return out;
  });
  return [...found, ...house];
}

/** Waits until no loading spinner and no progress bar in a status region shows, then a moment for transitions. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="loading-spinner"]') &&
      !document.querySelector('[role="status"] [role="progressbar"]'),
    { timeout: 30_000 },
  );
  await new Promise((r) => setTimeout(r, 300));
}

/**
 * A check for a spec's screens: once the page has settled, its accessibility problems are recorded in `found` under the
 * screen's name, with a screenshot `<prefix>-axe-<name>` when there are any (the spec asserts `found` is empty at its end).
 */
export function accessibilityCheck(
  found: Record<string, string[]>,
  prefix: string,
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await settled(page);
    const problems = await accessibilityProblems(page);
    if (problems.length > 0) {
      found[name] = problems;
      await problemShot(page, `${prefix}-axe-${name.replace(/\W+/g, '-')}`);
    }
  };
}
