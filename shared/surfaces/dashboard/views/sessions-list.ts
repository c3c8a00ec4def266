/**
 * The account's signed-in sessions on the overview (docs/dashboard.md "Sessions"): when each
 * started and ends, the device and masked address it was started from, and a confirmed "End
 * session" (this browser's own row signs out at once, like the header's button).
 */

import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { confirmAction, tableRegion, timeTag } from './components.ts';
import { csrfField, type Viewer } from './layout.ts';

export interface SessionRow {
  id: string;
  created_at: string;
  expires_at: number;
  current: boolean;
  /** "Chrome on Linux"; null for sessions started before devices were recorded. */
  device?: string | null;
  /** Masked client address at sign-in (203.0.113.x). */
  address?: string | null;
}

function endButton(viewer: Viewer, session: SessionRow, device: string): Html {
  const action = DASHBOARD_PATHS.revokeSession(session.id);
  if (session.current) {
    return html`<form class="inline" method="post" action="${action}">${csrfField(viewer)}<button class="danger small" type="submit">Sign out<span class="sr-only"> of this browser</span></button></form>`;
  }
  return confirmAction({
    label: 'End session',
    target: `${device} started ${session.created_at}`,
    question: `End the session of ${device}? That browser is signed out at once.`,
    action,
    confirm: 'Yes, end the session',
    hidden: csrfField(viewer),
    small: true,
  });
}

export function sessionsSection(viewer: Viewer, sessions: readonly SessionRow[]): Html {
  const rows = sessions.map((session) => {
    const device = session.device ?? 'Unknown device';
    return html`<tr><td>${device}${session.current ? html` <strong>(this browser)</strong>` : ''}</td>
<td>${session.address ? html`<code>${session.address}</code>` : '–'}</td>
<td>${timeTag(session.created_at)}</td>
<td>${timeTag(new Date(session.expires_at * 1000).toISOString())}</td>
<td>${endButton(viewer, session, device)}</td></tr>`;
  });
  return html`<h2>Signed-in sessions</h2>
<p class="muted">Every browser signed in to this account, with the address it signed in from (its last part hidden). End any you do not recognise.</p>
${tableRegion('Sessions', html`<table><thead><tr><th scope="col">Device</th><th scope="col">Address</th><th scope="col">Started</th><th scope="col">Ends</th><th scope="col">Action</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}
