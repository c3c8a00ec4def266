/**
 * The dashboard's addresses, written once: pages link with these, and a unit test checks each
 * against the route manifest.
 */
const at = (template: string) => (id: string) => template.replace('{id}', encodeURIComponent(id));

export const DASHBOARD_PATHS = {
  home: '/dashboard',
  signIn: '/dashboard/sign-in',
  session: '/dashboard/session',
  signOut: '/dashboard/sign-out',
  revokeSession: at('/dashboard/sessions/{id}/revoke'),
  keys: '/dashboard/keys',
  revokeKey: at('/dashboard/keys/{id}/revoke'),
  scans: '/dashboard/scans',
  scan: at('/dashboard/scans/{id}'),
  batches: '/dashboard/batches',
  batch: at('/dashboard/batches/{id}'),
  batchCsv: at('/dashboard/batches/{id}/results.csv'),
  cases: '/dashboard/cases',
  newCase: '/dashboard/cases/new',
  case: at('/dashboard/cases/{id}'),
  editCase: at('/dashboard/cases/{id}/edit'),
  caseRuns: at('/dashboard/cases/{id}/runs'),
  webhooks: '/dashboard/webhooks',
  webhook: at('/dashboard/webhooks/{id}'),
  testWebhook: at('/dashboard/webhooks/{id}/test'),
  deleteWebhook: at('/dashboard/webhooks/{id}/delete'),
  redeliver: at('/dashboard/webhooks/deliveries/{id}/redeliver'),
} as const;
