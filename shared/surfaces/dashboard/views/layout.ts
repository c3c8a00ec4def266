/**
 * The dashboard's page frame: skip link, header with the sections and the signed-in address,
 * one `main`, the inlined style sheet and script. Everything a page needs is in the response;
 * the Content-Security-Policy admits exactly that style and script (by hash) and nothing from
 * elsewhere.
 */
import type { Role } from '#shared/domain/accounts/roles';
import type { Scope } from '#shared/domain/accounts/scopes';
import { sha256Base64 } from '#shared/domain/kernel/hash';
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';
import { DASHBOARD_SCRIPT } from './client-script.ts';
import { DASHBOARD_CSS } from './styles.ts';

export interface Viewer {
  email: string;
  /** Synchronizer token that every form of this session carries. */
  csrfToken: string;
  /** The person's role in the account shown (the header says it). */
  role?: Role;
  /** Whether the role allows a scope: what it does not allow is not offered. */
  can?: (scope: Scope) => boolean;
}

/** True unless the viewer's role is known not to allow `scope`. */
export function viewerCan(viewer: Viewer | undefined, scope: Scope): boolean {
  return viewer?.can?.(scope) ?? true;
}

export type Section =
  | 'home'
  | 'keys'
  | 'scans'
  | 'agents'
  | 'batches'
  | 'cases'
  | 'webhooks'
  | 'account'
  | 'billing';

const SECTIONS: readonly { id: Section; label: string; href: string }[] = [
  { id: 'home', label: 'Overview', href: '/dashboard' },
  { id: 'keys', label: 'API keys', href: '/dashboard/keys' },
  { id: 'scans', label: 'Scans', href: '/dashboard/scans' },
  { id: 'agents', label: 'Agents', href: '/dashboard/agents' },
  { id: 'batches', label: 'Batches', href: '/dashboard/batches' },
  { id: 'cases', label: 'Cases', href: '/dashboard/cases' },
  { id: 'webhooks', label: 'Webhooks', href: '/dashboard/webhooks' },
  { id: 'account', label: 'Team', href: '/dashboard/account' },
  { id: 'billing', label: 'Plan', href: '/dashboard/billing' },
];

/** What a section asks of the role (its page refuses the rest). */
const SECTION_SCOPE: Partial<Record<Section, Scope>> = {
  scans: 'scans:read',
  // The Agents tab reads the account's scanned domains (dashboard_domain_agents).
  agents: 'scans:read',
  batches: 'scans:read',
  cases: 'monitor:read',
  webhooks: 'webhooks:manage',
};

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'sha256-${sha256Base64(DASHBOARD_SCRIPT)}'`,
  `style-src 'sha256-${sha256Base64(DASHBOARD_CSS)}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The policy of a page whose forms lead elsewhere after this site (the billing page's forms answer
 * 303 to Stripe Checkout or the customer portal): `form-action` also admits those origins, as
 * browsers apply it to a form's redirects too.
 */
export function policyWithFormTargets(origins: readonly string[]): string {
  if (origins.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace(
    "form-action 'self'",
    `form-action 'self' ${origins.join(' ')}`,
  );
}

/**
 * Headers of every dashboard response: private, never cached, never framed; the referrer stays
 * on this site (`no-referrer` would make browsers send `Origin: null` on form posts, which the
 * same-site check refuses).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

export function csrfField(viewer: Viewer): Html {
  return html`<input type="hidden" name="csrf_token" value="${viewer.csrfToken}">`;
}

function header(viewer: Viewer | undefined, section: Section | undefined): Html {
  if (!viewer) {
    // Nobody signed in (sign-in, a visitor's refused scan, an error): the service, not the dashboard.
    return html`<header class="top"><div class="bar"><a class="brand" href="/">Agent-Readiness</a></div></header>`;
  }
  const links = SECTIONS.filter((entry) => {
    const scope = SECTION_SCOPE[entry.id];
    return scope === undefined || viewerCan(viewer, scope);
  }).map(
    (entry) =>
      html`<li><a href="${entry.href}"${entry.id === section ? html` aria-current="page"` : ''}>${entry.label}</a></li>`,
  );
  return html`<header class="top"><div class="bar">
<a class="brand" href="/dashboard">Agent-Readiness dashboard</a>
<nav class="main" aria-label="Dashboard sections"><ul>${links}</ul></nav>
<div class="who"><span>Signed in as <strong>${viewer.email}</strong>${viewer.role && html` · <a href="/dashboard/account" title="Your role in this account; switch accounts there">${viewer.role}</a>`}</span>
<form method="post" action="/dashboard/sign-out">${csrfField(viewer)}<button class="secondary small" type="submit">Sign out</button></form></div>
</div></header>`;
}

export interface PageOptions {
  title: string;
  body: Html;
  viewer?: Viewer | undefined;
  section?: Section;
  /**
   * The address this page stands for when it answers a form post: the script puts it in the
   * history, so reloading the page reads it (GET) instead of sending the form again.
   */
  replaceUrl?: string;
}

/** The inlined style sheet: a constant of this code, admitted by its hash in the CSP. */
export function dashboardStyle(): Html {
  return html`<style>${unsafeRawHtml(DASHBOARD_CSS, 'the dashboard style sheet, a constant of this code')}</style>`;
}

export function dashboardLayout(options: PageOptions): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · ${options.viewer ? 'Agent-Readiness dashboard' : 'Agent-Readiness'}</title>
<link rel="icon" href="/favicon.ico">
${dashboardStyle()}
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
${header(options.viewer, options.section)}
<main id="content" tabindex="-1"${options.replaceUrl ? html` data-replace-url="${options.replaceUrl}"` : ''}>
${options.body}
</main>
<div id="announcer" class="sr-only" aria-live="polite"></div>
<script>${unsafeRawHtml(DASHBOARD_SCRIPT, 'the dashboard script, a constant of this code')}</script>
</body>
</html>
`;
}
