/**
 * The page an invitation's link opens (docs/dashboard.md "Invitations"): who invites to which
 * account with which role, and two forms, accept (a POST to the same address carrying only the
 * CSRF token) and decline; or, when the link cannot be used, a page that says why and what to do.
 */
import type { AssignableRole } from '#shared/domain/accounts/roles';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { roleWords } from './account-page.ts';
import { errorBox, notice, type ShownError, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export interface InvitationView {
  viewer: Viewer;
  token: string;
  accountName: string;
  role: AssignableRole;
  expiresAt: string;
  /** A refusal of the accept or decline form (a member already), said at the top. */
  error?: ShownError | undefined;
}

export function invitationPage(view: InvitationView): Html {
  return dashboardLayout({
    title: `Join ${view.accountName}`,
    viewer: view.viewer,
    body: html`<h1>Join ${view.accountName}</h1>
${errorBox(view.error)}
<p class="lead">You are invited to join the account <strong>${view.accountName}</strong> as <strong>${view.role}</strong> (${roleWords(view.role)}).</p>
<p>The invitation works once, until ${timeTag(view.expiresAt)}. Accepting adds the account to yours; you can switch between them on the Team page.</p>
<div class="actions">
<form class="inline" method="post" action="${DASHBOARD_PATHS.invitation(view.token)}">${csrfField(view.viewer)}<button type="submit">Accept the invitation</button></form>
<form class="inline" method="post" action="${DASHBOARD_PATHS.declineInvitation(view.token)}">${csrfField(view.viewer)}<button class="secondary" type="submit">Decline</button></form>
</div>`,
  });
}

/** Why a link cannot be used, and what the person can do about it. */
export function invitationRefusedPage(options: {
  viewer: Viewer;
  reason: string;
  error: ShownError;
  status: number;
}): Html {
  const otherAddress = options.reason === 'other_address';
  const advice = otherAddress
    ? html`<p>Sign out, then open the link again and sign in with the address the invitation was mailed to.</p>
<form method="post" action="${DASHBOARD_PATHS.signOut}">${csrfField(options.viewer)}<button type="submit">Sign out</button></form>`
    : html`<p>Ask someone who manages the account for a new invitation. <a href="${DASHBOARD_PATHS.home}">Go to your dashboard</a>.</p>`;
  return dashboardLayout({
    title: 'This invitation cannot be used',
    viewer: options.viewer,
    body: html`<h1>This invitation cannot be used</h1>
${errorBox(options.error)}
${advice}`,
  });
}

/** After declining: nothing changed in the person's accounts. */
export function invitationDeclinedPage(viewer: Viewer, accountName: string): Html {
  return dashboardLayout({
    title: 'Invitation declined',
    viewer,
    body: html`<h1>Invitation declined</h1>
${notice(`You declined the invitation to ${accountName}. Its link works for nobody now.`)}
<p><a href="${DASHBOARD_PATHS.home}">Go to your dashboard</a>.</p>`,
  });
}
