/**
 * AWS Signature Version 4 for one HTTP request (the SES adapter's only need). Written here rather
 * than pulling an SDK client into the dashboard's functions; the unit tests pin it to the
 * published test-suite vectors (get-vanilla, post-vanilla).
 */
import { createHmac } from 'node:crypto';
import { sha256Hex } from '#shared/domain/kernel/hash';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface RequestToSign {
  method: string;
  url: string;
  /** Headers to sign besides host and x-amz-date (names in any case). */
  headers?: Record<string, string>;
  body?: string;
  region: string;
  service: string;
  credentials: AwsCredentials;
  now: Date;
}

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: encodeURIComponent leaves !'()* alone, SigV4 does not. */
function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function canonicalPath(url: URL): string {
  // Services other than S3 sign the path encoded once more than it travels.
  return url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(segment))
    .join('/');
}

/** `20150830T123600Z` and `20150830`. */
function amzDates(now: Date): { stamp: string; day: string } {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { stamp, day: stamp.slice(0, 8) };
}

/** The headers to send: the given ones plus host, x-amz-date, a session token and authorization. */
export function signAwsRequest(request: RequestToSign): Record<string, string> {
  const url = new URL(request.url);
  const { stamp, day } = amzDates(request.now);
  const headers: Record<string, string> = { host: url.host, 'x-amz-date': stamp };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  }
  if (request.credentials.sessionToken) {
    headers['x-amz-security-token'] = request.credentials.sessionToken;
  }
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(url),
    canonicalQuery(url),
    `${names.map((name) => `${name}:${headers[name]}`).join('\n')}\n`,
    signedHeaders,
    sha256Hex(request.body ?? ''),
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(
      hmac(hmac(`AWS4${request.credentials.secretAccessKey}`, day), request.region),
      request.service,
    ),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${request.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
