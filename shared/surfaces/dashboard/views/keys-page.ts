/** API keys: the list, the creation form (scopes as checkboxes), a new key shown once. */

import type { KeyView } from '#shared/domain/accounts/key-schemas';
import { SCOPES, type Scope } from '#shared/domain/accounts/scopes';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formChecks, formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { KEY_FORM } from '#shared/surfaces/dashboard/forms-accounts';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { badge, confirmAction, notice, secretBox, tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export const SCOPE_HINTS: Record<Scope, string> = {
  'scans:read': 'read scans and batch jobs',
  'scans:write': 'run scans, single or batched',
  'monitor:read': 'read cases with their runs and summaries',
  'monitor:write': 'create and change cases, start manual runs (Pro)',
  'monitor:admin': 'read every tenant’s cases (operator list only)',
  'webhooks:manage': 'register, change and remove webhook endpoints',
  'account:manage': 'invite, change and remove members; read the audit log (admins and owners)',
  plugin: 'marks a key for a marketplace plugin (never monitor:admin)',
};

export interface KeysView {
  viewer: Viewer;
  keys: readonly KeyView[];
  /** Scopes this session may grant, in the order of `SCOPES` (accounts/scopes.ts). */
  grantable: readonly Scope[];
  created?: { key: KeyView; apiKey: string } | undefined;
  notice?: string | undefined;
  /** The create form as sent (name, scopes ticked) and its refusal, when it came back. */
  form?: FormState;
}

/** "Never" for a key with no recorded use; the time is accurate to within an hour. */
function lastUsed(key: KeyView): Html {
  return key.last_used_at ? timeTag(key.last_used_at) : html`<span class="muted">Never</span>`;
}

function keyRows(view: KeysView): Html {
  if (view.keys.length === 0) return html`<p>No keys yet.</p>`;
  const rows = view.keys.map((key) => {
    const state = key.revoked_at ? badge('revoked', 'revoked') : badge('active', 'active');
    const action = key.revoked_at
      ? timeTag(key.revoked_at)
      : confirmAction({
          label: 'Revoke',
          target: `key ${key.hint}`,
          question: `Revoke key ${key.hint}? Every request with it is refused from then on. This cannot be undone.`,
          action: DASHBOARD_PATHS.revokeKey(key.id),
          confirm: 'Yes, revoke the key',
          hidden: csrfField(view.viewer),
          small: true,
        });
    return html`<tr><td>${key.name ? html`<strong>${key.name}</strong><br>` : ''}<code>${key.hint}</code><br><span class="muted">${key.id}</span></td><td>${joinHtml(
      key.scopes.map((scope) => html`<code>${scope}</code>`),
      ' ',
    )}</td><td>${timeTag(key.created_at)}</td><td>${lastUsed(key)}</td><td>${state}</td><td>${action}</td></tr>`;
  });
  const note = html`<p class="muted">“Last used” is accurate to within an hour.</p>`;
  return html`${note}${tableRegion(
    'API keys',
    html`<table><thead><tr><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col">Revoke</th></tr></thead><tbody>${rows}</tbody></table>`,
  )}`;
}

function createForm(view: KeysView): Html {
  const sent = view.form?.values.scopes;
  const ticked = new Set(
    sent === undefined ? ['scans:read', 'scans:write'] : typeof sent === 'string' ? [sent] : sent,
  );
  const boxes = SCOPES.filter((scope) => view.grantable.includes(scope) || scope === 'plugin').map(
    (scope) => ({
      id: `scope-${scope.replace(':', '-')}`,
      name: 'scopes',
      value: scope,
      label: scope,
      hint: SCOPE_HINTS[scope],
      checked: ticked.has(scope),
    }),
  );
  return html`<form class="stack" method="post" action="${DASHBOARD_PATHS.keys}">
${csrfField(view.viewer)}
${formInput(KEY_FORM, view.form, 'name', { label: 'Name (optional)', hint: `What the key is for, e.g. CI deploys; at most ${KEY_FORM.fields.name.maxlength} characters.` })}
${formChecks(KEY_FORM, view.form, 'scopes', boxes)}
<div class="actions"><button type="submit">Create key</button></div>
</form>`;
}

export function keysPage(view: KeysView): Html {
  const created = view.created
    ? secretBox({
        id: 'new-key',
        label: `New key ${view.created.key.name ? `“${view.created.key.name}” ` : ''}${view.created.key.hint} (${view.created.key.scopes.join(', ')})`,
        value: view.created.apiKey,
        note: 'Copy this key now: it is shown only this once. We store only its SHA-256 hash.',
      })
    : '';
  return dashboardLayout({
    title: 'API keys',
    section: 'keys',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.keys,
    body: html`<h1>API keys</h1>
<p class="lead">Keys let scripts and AI assistants use the API as you (send <code>Authorization: Bearer &lt;key&gt;</code>). Give each key only the scopes it needs; revoke a key you no longer use.</p>
${notice(view.notice)}${formErrorBox(KEY_FORM, view.form)}${created}
<h2>Your keys</h2>
${keyRows(view)}
<h2>Create a key</h2>
${createForm(view)}`,
  });
}
