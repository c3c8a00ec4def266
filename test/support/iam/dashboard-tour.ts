/**
 * The dashboard part of the IAM recording walk (test/support/iam/tour.ts): a person signs in
 * through the mailed link, then every dashboard route of the manifest is called once as a
 * browser would (pages read, forms posted with the CSRF token), with the ids the API walk made.
 * Routes are taken from the manifest, so a new dashboard route is walked without a change here,
 * unless it has a path parameter this walk cannot fill: then the walk fails and names it.
 */
import { ROUTES } from '#shared/surfaces/api/manifest';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { csrfOf, DashboardHttp, type Fields } from '#test/browser/support/dashboard-http';
import type { TestStack } from '#test/support/stack';

export interface DashboardIds {
  scanId: string;
  jobId: string;
  caseId: string;
  runId: string;
  endpointId: string;
  deliveryId: string;
  domain: string;
  alertId: string;
  reportLinkId: string;
  /** An open invitation of the account (its link's token and its id) and a member of it. */
  invitationToken: string;
  invitationId: string;
  memberId: string;
  /** The signed-in person's own account (the switcher's target). */
  ownAccountId: string;
}

/** The value for `{name}` in a path, chosen by the segment before it. */
function fillPath(path: string, ids: DashboardIds, sessionId: string, keyId: string): string {
  const byResource: Record<string, string> = {
    'invitations:token': ids.invitationToken,
    'invitations:id': ids.invitationId,
    members: ids.memberId,
    scans: ids.scanId,
    batches: ids.jobId,
    cases: ids.caseId,
    runs: ids.runId,
    webhooks: ids.endpointId,
    deliveries: ids.deliveryId,
    sessions: sessionId,
    keys: keyId,
    domains: ids.domain,
    alerts: ids.alertId,
    'report-links': ids.reportLinkId,
  };
  return path.replace(/([^/]+)\/\{([^}]+)\}/g, (_, resource: string, name: string) => {
    const value = byResource[`${resource}:${name}`] ?? byResource[resource];
    if (value === undefined) throw new Error(`the IAM walk cannot fill {${name}} in ${path}`);
    return `${resource}/${encodeURIComponent(value)}`;
  });
}

/** Fields that make each kind of form do its work (others are posted with the token alone). */
function fieldsFor(route: RouteDefinition, ids: DashboardIds): Fields {
  const path = route.path;
  if (path.endsWith('/scans')) return { domain: ids.domain };
  if (path.endsWith('/batches')) return { domains: ids.domain };
  if (path.endsWith('/keys')) return { name: 'walked', scopes: ['scans:read'] };
  if (path.endsWith('/cases')) {
    return { name: 'Walked Co', domain: 'walked.example', category: 'iam walks' };
  }
  if (path.endsWith('/cases/{id}')) return { name: 'Walked Co', category: 'iam walks' };
  if (path.endsWith('/account/invitations')) return { email: 'walked@example.com', role: 'viewer' };
  if (path.endsWith('/members/{user_id}')) return { role: 'viewer' };
  if (path.endsWith('/account/switch')) return { account_id: ids.ownAccountId };
  return {};
}

/** Sign-out and revocations end what the rest of the walk needs: they go last. */
function walkOrder(route: RouteDefinition): number {
  if (route.method === 'GET') return 0;
  if (route.path.endsWith('/sign-out')) return 4;
  if (route.path.startsWith('/dashboard/sessions/')) return 3;
  if (/revoke|delete|archive|remove|withdraw|decline/.test(route.path)) return 2;
  return 1;
}

export async function walkDashboard(
  stack: TestStack,
  email: string,
  ids: DashboardIds,
): Promise<void> {
  const browser = new DashboardHttp(stack.baseUrl);
  await browser.signIn(email);
  // The key and session ids are read from the keys page, where both are listed.
  const keys = (await browser.get('/dashboard/keys')).text;
  const keyId = /\/dashboard\/keys\/([\w-]+)\/revoke/.exec(keys)?.[1] ?? 'none';
  const sessionId = /\/dashboard\/sessions\/([\w-]+)\/revoke/.exec(keys)?.[1] ?? 'none';
  const routes = (ROUTES as readonly RouteDefinition[])
    .filter((route) => route.handler.includes('/dashboard/'))
    .filter((route) => !/sign-in|\/session$/.test(route.path))
    .sort((a, b) => walkOrder(a) - walkOrder(b));
  for (const route of routes) {
    const path = fillPath(route.path, ids, sessionId, keyId);
    if (route.method === 'GET') {
      await browser.get(path);
      continue;
    }
    const csrf = csrfOf((await browser.get('/dashboard')).text);
    await browser.post(path, { csrf_token: csrf, ...fieldsFor(route, ids) });
  }
}
