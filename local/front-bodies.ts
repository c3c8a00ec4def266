/**
 * The local front's reading of a request body as API Gateway would hand it to a function: how
 * much of it a route takes (a file route such as an access-log upload takes more than the JSON
 * routes), and whether it arrives as text or base64-encoded.
 */
import { matchRoute } from '#shared/surfaces/api/manifest';

/** Over a file route's own cap, so that the route itself answers its 413 for a body just over. */
const RAW_BODY_SLACK_BYTES = 64 * 1024;

/** The body cap of the route a request goes to: a file route's own, else the front's. */
export function bodyLimitOf(method: string, path: string, fallback: number): number {
  const match = matchRoute(method, path);
  const rawBody = match && 'route' in match ? match.route.request?.rawBody : undefined;
  return rawBody ? rawBody.maxBytes + RAW_BODY_SLACK_BYTES : fallback;
}

/**
 * Whether API Gateway hands the body over as text: text types and JSON, XML and form bodies
 * without a Content-Encoding; anything else (gzip, octet streams) arrives base64-encoded.
 */
export function isTextBody(headers: Record<string, string>): boolean {
  if ((headers['content-encoding'] ?? '') !== '') return false;
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('/xml') ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript'
  );
}
