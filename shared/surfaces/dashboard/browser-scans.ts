/**
 * The cookie that keeps a visitor's scans for the account they sign up for (issue 36 point 2,
 * domain/scans/browser-scans.ts): `ars_scans` (`__Host-ars_scans` over https) holds a random
 * token of this browser and the ids of its scans from the home page's box,
 * `<token>.<id>,<id>,...`. The token never leaves the browser but as this cookie (the scans store
 * only its SHA-256), so the ids alone claim nothing. HttpOnly, SameSite=Lax, 30 days.
 */
import {
  generateSecretToken,
  isWellFormedSecretToken,
  readCookie,
} from '#shared/domain/accounts/sessions';
import { BROWSER_SCANS_LIMIT, claimHashOf } from '#shared/domain/scans/browser-scans';

const MAX_AGE_SECONDS = 30 * 86_400;
const SCAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the cookie carries. */
export interface BrowserScans {
  token: string;
  scanIds: string[];
}

export function browserScansCookieName(secure: boolean): string {
  return secure ? '__Host-ars_scans' : 'ars_scans';
}

/** The browser's scans, or undefined when it has no (well-formed) cookie. */
export function readBrowserScans(
  cookies: readonly string[] | undefined,
  secure: boolean,
): BrowserScans | undefined {
  const value = readCookie(cookies ?? [], browserScansCookieName(secure));
  if (!value) return undefined;
  const [token = '', list = ''] = value.split('.');
  if (!isWellFormedSecretToken(token)) return undefined;
  const scanIds = list.split(',').filter((id) => SCAN_ID.test(id));
  return { token, scanIds };
}

/** This browser's token (a new one for a first scan) and the mark its next scan carries. */
export function browserMark(current: BrowserScans | undefined): {
  token: string;
  claimHash: string;
} {
  const token = current?.token ?? generateSecretToken();
  return { token, claimHash: claimHashOf(token) };
}

/** The cookie after one more scan: its newest ids, at most BROWSER_SCANS_LIMIT. */
export function browserScansCookie(
  token: string,
  scanIds: readonly string[],
  secure: boolean,
): string {
  const ids = [...new Set(scanIds)].slice(-BROWSER_SCANS_LIMIT).join(',');
  const attributes = [
    `${browserScansCookieName(secure)}=${token}.${ids}`,
    'Path=/',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
