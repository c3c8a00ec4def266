import { describe, expect, it } from 'vitest';
import { deviceOf, maskedAddress } from '#shared/domain/accounts/session-device';

/** The sessions list's device summary and masked address (docs/dashboard.md "Sessions"). */
describe('deviceOf', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0', 'Firefox on Android'],
    ['curl/8.5.0', 'curl'],
    [undefined, 'Unknown browser'],
    ['', 'Unknown browser'],
  ])('reads %s as %s', (agent, device) => {
    expect(deviceOf(agent)).toBe(device);
  });
});

describe('maskedAddress', () => {
  it('hides the last part of an IPv4 address and all but the /48 of an IPv6 one', () => {
    expect(maskedAddress('203.0.113.77')).toBe('203.0.113.x');
    expect(maskedAddress('::ffff:198.51.100.9')).toBe('198.51.100.x');
    expect(maskedAddress('2001:db8:85a3:1234::42')).toBe('2001:db8:85a3::/48');
    expect(maskedAddress('not an address')).toBe('unknown');
  });
});
