/**
 * The two kinds of dashboard route (docs/dashboard.md): a page (GET) and a form post of a
 * signed-in person, with the fields every one of them shares; `routes.ts` and `case-routes.ts`
 * list the routes themselves.
 */
import type { RouteDefinition } from '#shared/surfaces/http/route';

const TAG = 'Dashboard';
const HTML = { status: 200, raw: 'text/html' } as const;
const SESSION_NOTE = ' Needs a dashboard session (cookie); without one, 303 to the sign-in page.';
const FORM_NOTE = `${SESSION_NOTE} A form post: carries the session's CSRF token and comes from this site (403 \`csrf_failed\` otherwise).`;
export const PAGE_ERRORS = ['unauthorized'] as const;
export const FORM_ERRORS = ['unauthorized', 'csrf_failed', 'invalid_request'] as const;

function base(operationId: string, path: string, summary: string, handler: string) {
  return {
    operationId,
    area: 'dashboard',
    method: 'GET',
    path,
    summary,
    description: `${summary}.${SESSION_NOTE}`,
    tag: TAG,
    auth: 'session',
    response: HTML,
    errors: PAGE_ERRORS,
    data: 'read',
    handler: `functions/http/dashboard/${handler}.ts`,
    mcpTool: false,
  } as const;
}

type Extra = Partial<RouteDefinition>;
/**
 * A route's type keeps its literal fields (its `auth` decides the principal its operation gets).
 * `NoInfer`: `extra` alone decides E, not the manifest's `satisfies` context.
 */
type Page<E> = Omit<ReturnType<typeof base>, keyof E> & E;
type Form<E> = Omit<ReturnType<typeof base>, keyof E | keyof typeof FORM_DEFAULTS> &
  Omit<typeof FORM_DEFAULTS, keyof E> &
  E;

/** A page (GET) of a signed-in person; `extra` overrides any field. */
export function page<const E extends Extra = Record<never, never>>(
  operationId: string,
  path: string,
  summary: string,
  handler: string,
  extra?: E,
): Page<NoInfer<E>> {
  return { ...base(operationId, path, summary, handler), ...extra } as Page<E>;
}

const FORM_DEFAULTS = { method: 'POST', errors: FORM_ERRORS, data: 'readwrite' } as const;

/** A form post of a signed-in person; `extra` overrides any field. */
export function form<const E extends Extra = Record<never, never>>(
  operationId: string,
  path: string,
  summary: string,
  handler: string,
  extra?: E,
): Form<NoInfer<E>> {
  return {
    ...base(operationId, path, summary, handler),
    description: `${summary}.${FORM_NOTE}`,
    ...FORM_DEFAULTS,
    ...extra,
  } as Form<E>;
}
