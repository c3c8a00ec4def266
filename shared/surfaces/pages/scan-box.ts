/**
 * The way in for a visitor (docs/dashboard.md "A way in"): a form with one `domain` field that
 * scans the site without an account, within the anonymous daily limit, and opens its public
 * result page. On the home page and on every result page; a refused domain or a reached limit
 * comes back with the domain kept and the message at the field. Works without a script.
 */
import { MAX_SCAN_INPUT_LENGTH } from '#shared/domain/scan-engine/target';
import { type AnonymousAllowance, freeScans, inWords } from '#shared/domain/scans/anonymous-quota';
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';

/** The box's label; the form's declaration (home-scan.ts) names its field by it. */
export const SCAN_BOX_LABEL = 'Domain or address of the site';
/** Where the box posts (the dashboard slice's `dashboard_home_scan` route). */
export const SCAN_FORM_PATH = '/scans';
/** The home page's box, where "Scan your site" links lead. */
export const SCAN_BOX_ANCHOR = '/#scan';
/** Signing in, or creating a free account (docs/dashboard.md "Signing up"). */
export const SIGN_UP_PATH = '/dashboard/sign-in';

/** The rules the box needs on the home page, whose frame has no form styles of its own. */
export const SCAN_BOX_CSS = `
.scan-box{display:grid;gap:.4rem;max-width:36rem;margin:1.2rem 0;padding:1rem;border:1px solid #0b57d0;border-radius:8px;background:#f5f8fe}
.scan-box label{font-weight:600}
.scan-box .row{display:flex;flex-wrap:wrap;gap:.5rem}
.scan-box input{flex:1 1 14rem;min-width:0;font:inherit;padding:.45rem .55rem;border:1px solid #767676;border-radius:4px}
.scan-box input[aria-invalid=true]{border:2px solid #a4161a}
.scan-box button{font:inherit;cursor:pointer;border-radius:4px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;padding:.45rem .9rem}
.scan-box .hint{color:#444;font-size:.92rem;margin:0}
.scan-box .field-error{color:#a4161a;font-weight:600;margin:0}
.scan-box h2{margin:0;border:0;font-size:1.2rem}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`.trim();

/** The box's rules as a style element, for the pages whose frame has no form styles. */
export function scanBoxStyle(): Html {
  return html`<style>${unsafeRawHtml(SCAN_BOX_CSS, 'the scan box style sheet, a constant of this code')}</style>`;
}

export interface ScanBoxOptions {
  /** The domain as typed, kept after a refusal. */
  domain?: string;
  /** Why the scan was refused, shown at the field. */
  error?: string | undefined;
  heading?: string;
  /** The visitor's free scans of today, when the page read them. */
  allowance?: AnonymousAllowance | undefined;
}

/** "2 of 3 free scans left today", or when a spent allowance comes back. */
export function allowanceText(allowance: AnonymousAllowance): string {
  if (allowance.left > 0) {
    return `${allowance.left} of ${freeScans(allowance.quota)} left today from this address.`;
  }
  return `No free scans left today from this address (${allowance.quota} a day): they come back at 00:00 UTC, ${inWords(allowance.resetSeconds)}.`;
}

export function scanBox(options: ScanBoxOptions = {}): Html {
  const error = options.error;
  const describedBy = error ? 'scan-domain-hint scan-domain-error' : 'scan-domain-hint';
  return html`<form class="scan-box" id="scan" method="post" action="${SCAN_FORM_PATH}" aria-labelledby="scan-title">
<h2 id="scan-title" class="scan-title">${options.heading ?? 'Scan a site now'}</h2>
${error ? html`<p class="field-error" id="scan-domain-error" role="alert"><span class="sr-only">Error: </span>${error}</p>` : ''}
<label for="scan-domain">${SCAN_BOX_LABEL}</label>
<div class="row"><input type="text" id="scan-domain" name="domain" value="${options.domain ?? ''}" required maxlength="${MAX_SCAN_INPUT_LENGTH}" placeholder="example.com" inputmode="url" autocomplete="url" spellcheck="false" aria-describedby="${describedBy}"${error ? html` aria-invalid="true" autofocus` : ''}>
<button type="submit">Scan</button></div>
<p class="hint" id="scan-domain-hint">No account needed: a few scans a day from one address, each with a result page you can share. <a href="${SIGN_UP_PATH}">Create a free account</a> to keep your history.</p>
${options.allowance ? html`<p class="hint" id="scan-allowance">${allowanceText(options.allowance)}</p>` : ''}
</form>`;
}
