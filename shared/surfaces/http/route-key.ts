/**
 * One Lambda function may serve several routes of an area (docs/architecture.md, "Layers"): API
 * Gateway hands it the matched route as `routeKey` ("GET /api/v1/scans/{id}"), and the entry picks
 * the handler built for that path. This is the one place that reads the key, so every shared entry
 * answers an unknown key the same way.
 */

/** A handler of one route as `createApiHandler` and `createRawHandler` return it. */
type RouteHandler = (event: never, context: never) => unknown;

/**
 * The Lambda entry that dispatches on the route key's path. `fallbackPath` names the handler for
 * keys no other entry matches (the discovery documents' catch-all); without it an unknown key is
 * a wiring error and throws, naming `label` and the key.
 */
export function dispatchByRouteKey(
  handlers: Readonly<Record<string, RouteHandler>>,
  label: string,
  fallbackPath?: string,
): (event: { routeKey?: string }, context: unknown) => unknown {
  return (event, context) => {
    const path = (event.routeKey ?? '').split(' ')[1] ?? '';
    const target =
      handlers[path] ?? (fallbackPath === undefined ? undefined : handlers[fallbackPath]);
    if (!target) throw new Error(`no ${label} route for ${event.routeKey}`);
    return (target as (event: unknown, context: unknown) => unknown)(event, context);
  };
}
