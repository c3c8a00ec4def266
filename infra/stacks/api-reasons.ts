/**
 * Why the API's functions and routes are built the way they are, worded per route for the
 * cdk-nag acknowledgments of infra/stacks/api-stack.ts: who waits for a function's answer (so
 * it needs no dead-letter target) and why a route has no API Gateway authorizer.
 */
import type { HttpFunctionSpec } from '#infra/routes';
import type { RouteDefinition } from '#shared/surfaces/api/manifest';

/** Who waits for a route function's answer: the gateway, and for a tool also the tool server. */
export function synchronousCallerOf(route: RouteDefinition | undefined): string {
  const gateway = 'API Gateway (HTTP API), which answers the client with a 5xx on a failure';
  return route?.mcpTool
    ? `${gateway}, and the tool server (Lambda Invoke, RequestResponse)`
    : gateway;
}

/**
 * Why a route has no API Gateway authorizer (AwsSolutions-APIG4), worded per route: the API's
 * credentials are its own bearer keys, checked in the handler because docs/api.md makes most
 * routes usable anonymously and asks for distinct error codes an authorizer could not produce.
 */
export function authorizationReason(
  spec: HttpFunctionSpec,
  route: RouteDefinition | undefined,
): string {
  if (!route) {
    return (
      'The $default route only answers 404/405 envelopes for unmatched requests; it reads no ' +
      'data and needs no credentials.'
    );
  }
  switch (route.auth) {
    case 'none':
      return (
        `${spec.routeKey} is a public document or page by design (auth "none" in the route ` +
        'manifest); it serves no private data.'
      );
    case 'optional':
      return (
        `${spec.routeKey} accepts anonymous calls by design (docs/api.md "Authentication"; ` +
        'anonymous scans are rate limited per IP). A bearer API key, when sent, is verified in the handler against its ' +
        `SHA-256 hash in DynamoDB with scope ${route.scope ?? '(none)'}, so that invalid keys get ` +
        'the 401 invalid_key / 403 insufficient_scope envelopes an authorizer cannot produce.'
      );
    case 'required':
      return (
        `${spec.routeKey} requires a bearer API key, verified in the handler against its SHA-256 ` +
        `hash in DynamoDB with scope ${route.scope ?? '(none)'}; the handler answers the 401/403 ` +
        'envelopes and meta that docs/api.md prescribes, which an authorizer cannot produce.'
      );
    case 'session':
      return (
        `${spec.routeKey} is a dashboard page or action for people signed in with an e-mail link: ` +
        'the handler checks the HttpOnly session cookie (and a CSRF token on state changes), and ' +
        'sends anyone else to the sign-in page.'
      );
  }
}
