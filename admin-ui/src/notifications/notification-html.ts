import type { RichTextFieldProps } from 'react-admin';

/*
 * What an "html" notification may show (issue 38; docs/security.md "Notifications"). The markup is the product's own
 * (`NotificationDraft.html`, written by a server-side writer, never by a user); today no writer produces any, so the
 * console allows only plain text formatting and links to its own pages: paragraphs, line breaks, emphasis, lists and
 * `<a href="/…">`. DOMPurify (through react-admin's RichTextField) removes everything else: `<style>` (restyles the
 * page), `<form>` and inputs (a form posting elsewhere), images, media and frames (requests to other servers), every
 * attribute but a link's `href` (event handlers, `style`, `target`), and any link that leaves the console: another
 * origin (`https://…`, `//host`, `/\host`), another scheme (`javascript:`, `data:`, `mailto:`), the API (`/api/…`).
 */

/** Tags an html notification may use. */
export const NOTIFICATION_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'] as const;

/**
 * A link to one of the console's own routes: an absolute path on this origin (`/members/123`, `/tasks?x=1`), not
 * `//host` or `/\host` (another origin to a browser) and not the API.
 */
export const CONSOLE_ROUTE = /^\/(?![/\\]|api(?:[/?#]|$))[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/** DOMPurify's configuration for an html notification. */
export const NOTIFICATION_HTML: NonNullable<RichTextFieldProps['purifyOptions']> = {
  ALLOWED_TAGS: [...NOTIFICATION_TAGS],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: CONSOLE_ROUTE,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};
