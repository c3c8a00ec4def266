/**
 * What the sessions list shows of where a session was started (docs/dashboard.md "Sessions"):
 * the device as "Chrome on Linux", read from the User-Agent by a few rules (the list only has
 * to let a person recognise their own browsers, not fingerprint anyone), and the client address
 * masked before it is stored: an IPv4 address without its last part (203.0.113.x), an IPv6
 * address as its /48. Neither is a credential or used for any decision.
 */
import ipaddr from 'ipaddr.js';

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(A|iOS|e)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

/** Android and ChromeOS before Linux, iOS before macOS ("like Mac OS X"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_USER_AGENT = 512;

/** "Chrome on Linux", "Safari on iOS", "Firefox", "Unknown browser". */
export function deviceOf(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `Unknown browser on ${system}` : 'Unknown browser';
}

/** The client address with its host part hidden: 203.0.113.x, 2001:db8:85a3::/48. */
export function maskedAddress(address: string): string {
  if (!ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join('.')}.x`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${parts.map((part) => part.toString(16)).join(':')}::/48`;
}
