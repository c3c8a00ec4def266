/**
 * HTML for every surface that writes it (the public pages, the dashboard's views): markup is a
 * value of its own type, `Html`, and text only ever becomes markup by being escaped.
 *
 * - `html\`<p>${name}</p>\`` escapes every interpolated string and number; an `Html` value (from
 *   another `html` template) goes in as it is; arrays are joined; `null`, `undefined` and booleans
 *   render nothing, so `${cond && html\`...\`}` reads naturally.
 * - A value that starts the value of a URL attribute (`href`, `src`, `action`, ...) must pass
 *   the one URL rule, `isLinkableUrl` (http or https, or a path on this site); anything else
 *   (`javascript:`, `data:`, `//elsewhere`, an `Html` value) renders as `about:invalid#blocked`.
 * - `unsafeRawHtml(markup, why)` is the one way to turn a string into markup without escaping it.
 *   Its name is the greppable marker: test/unit/surfaces/http/raw-html.test.ts lists every call
 *   and fails on a view that writes markup any other way.
 *
 * `Html#toString()` gives the markup, so a finished page is sent as a string.
 */
import { isWebUrl } from '#shared/domain/kernel/net/web-url';

/** Markup that is safe to send: made only by `html`, `joinHtml` or `unsafeRawHtml`. */
export class Html {
  readonly #markup: string;

  private constructor(markup: string) {
    this.#markup = markup;
  }

  /** Markup already known to be safe: only this module calls it. */
  static fromTrusted(markup: string): Html {
    return new Html(markup);
  }

  toString(): string {
    return this.#markup;
  }
}

/** What an `html` template accepts between its strings. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Where a link that failed the URL rule points instead: nowhere, visibly so. */
export const BLOCKED_URL = 'about:invalid#blocked';

/** A stand-in origin to resolve relative URLs against: a URL that keeps it stays on this site. */
const SITE_ORIGIN = 'https://same-site.invalid';

/**
 * The URL rule of every link and source a view renders from data: an absolute http(s) URL
 * (`isWebUrl`, the rule the provider adapters keep citations by), or a path, query or fragment
 * that stays on this site. `//elsewhere` and `/\\elsewhere` leave the site and are refused.
 */
export function isLinkableUrl(url: string): boolean {
  if (isWebUrl(url)) return true;
  return URL.canParse(url, SITE_ORIGIN) && new URL(url, SITE_ORIGIN).origin === SITE_ORIGIN;
}

/** The end of markup where an attribute that holds a URL has just opened its quoted value. */
const URL_ATTRIBUTE_OPENED = /\s(?:href|src|action|formaction|poster|cite|xlink:href)=["']$/i;

/** A value that starts a URL attribute: text that passes the URL rule, else the blocked URL. */
function renderUrl(value: HtmlValue): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    return escapeHtml(isLinkableUrl(text) ? text : BLOCKED_URL);
  }
  // Markup (or a list of it) is no URL: its entities would be decoded into one by the browser.
  return BLOCKED_URL;
}

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.toString();
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (Array.isArray(value)) return value.map(render).join('');
  // Strings, and anything else a caller forced past the types: text, so escaped.
  return escapeHtml(String(value));
}

/** The escaping template tag: text is escaped, `Html` is kept, arrays are joined. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    const inUrl = URL_ATTRIBUTE_OPENED.test(markup.slice(-20));
    markup += (inUrl ? renderUrl(value) : render(value)) + (strings[index + 1] ?? '');
  });
  return Html.fromTrusted(markup);
}

/** Joins values as `html` would, with an optional separator (itself escaped when a string). */
export function joinHtml(values: readonly HtmlValue[], separator: HtmlValue = ''): Html {
  const glue = render(separator);
  return Html.fromTrusted(values.map(render).join(glue));
}

/**
 * Markup inserted without escaping: for markup this code built itself (an inline SVG, a script
 * block whose JSON is escaped for `<script>`), never for data. `why` says what makes it safe and
 * is read in review; every call is listed by a test.
 */
export function unsafeRawHtml(markup: string, why: string): Html {
  if (why.trim() === '') throw new Error('unsafeRawHtml needs a reason');
  return Html.fromTrusted(markup);
}

/**
 * Escapes `text` and renders its `code` spans (the manifest's descriptions are written with
 * backticks): an unmatched backtick stays a backtick.
 */
export function inlineCode(text: string): Html {
  const parts = text.split('`');
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? '';
    parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''}\`${last}`;
  }
  return html`${parts.map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}
