/**
 * The one rule for a URL that came from outside (a model's citation, a scanned page's link, a
 * stored value) before anything keeps it or links to it: an absolute http or https URL. A
 * `javascript:`, `data:` or `vbscript:` URL, a relative one or one that does not parse is not a
 * web address, whatever its spelling (the WHATWG parser removes the tabs, newlines and leading
 * blanks a browser removes). The views add same-site paths to it (shared/surfaces/http/html.ts).
 */

/** Whether `text` is an absolute http(s) URL, as a browser would read it. */
export function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}
