/**
 * The headers of every public page (issue 36 point 4): the home page, `/docs`, a scan's result
 * page and its 404, and the home scan box's answers. As the dashboard's (its layout.ts): a
 * Content-Security-Policy that admits exactly the page's own inline style sheets (and script) by
 * their SHA-256 and nothing from elsewhere, that no other site may frame the page
 * (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older browsers), `nosniff`, and a
 * `Referrer-Policy` that keeps the address on this site (`same-origin`: `no-referrer` would make
 * browsers send `Origin: null` on the scan box's post, which the same-site check refuses).
 */
import { sha256Base64 } from '#shared/domain/kernel/hash';

const sources = (texts: readonly string[]) =>
  texts.map((text) => `'sha256-${sha256Base64(text)}'`).join(' ');

/** The security headers of a public page whose inline styles (and scripts) are these texts. */
export function publicPageHeaders(
  styles: readonly string[],
  scripts: readonly string[] = [],
): Record<string, string> {
  const policy = [
    "default-src 'none'",
    ...(scripts.length > 0 ? [`script-src ${sources(scripts)}`] : []),
    // Same-origin reads stay open even without a script: auditors read /robots.txt, /llms.txt
    // and the agent catalog through the page (Lighthouse's fetcher obeys the page's policy).
    "connect-src 'self'",
    `style-src ${sources(styles)}`,
    "img-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  };
}
