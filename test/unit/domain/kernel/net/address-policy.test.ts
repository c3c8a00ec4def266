import { describe, expect, it } from 'vitest';
import {
  checkUrl,
  describeAddress,
  isLocalHostname,
} from '#shared/domain/kernel/net/address-policy';

const production = { allowPrivateTargets: false };

describe('describeAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(describeAddress(address)).toEqual({ range, isPublicUnicast: false });
  });

  it('unwraps IPv4-mapped IPv6 and judges the IPv4 address inside', () => {
    expect(describeAddress('::ffff:127.0.0.1')).toEqual({
      range: 'loopback',
      isPublicUnicast: false,
    });
    expect(describeAddress('::ffff:7f00:1')).toEqual({ range: 'loopback', isPublicUnicast: false });
    expect(describeAddress('::ffff:8.8.8.8').isPublicUnicast).toBe(true);
  });

  it('refuses IPv6 outside 2000::/3 even when ipaddr.js calls it unicast', () => {
    expect(describeAddress('::7f00:1').isPublicUnicast).toBe(false);
  });

  it('refuses link-local addresses with a zone id', () => {
    expect(describeAddress('fe80::1%eth0').isPublicUnicast).toBe(false);
  });

  it('accepts plain public unicast addresses', () => {
    expect(describeAddress('93.184.215.14').isPublicUnicast).toBe(true);
    expect(describeAddress('2606:4700::1111').isPublicUnicast).toBe(true);
    expect(describeAddress('[2606:4700::1111]').isPublicUnicast).toBe(true);
  });
});

describe('checkUrl in production mode', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xA9FEA9FE/',
    'http://10.0.0.1/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
  ])('refuses the IP literal in %s', (url) => {
    const verdict = checkUrl(new URL(url), production);
    expect(verdict).toMatchObject({ allowed: false, reason: 'non_public_address' });
  });

  it.each([
    ['http://localhost/', 'local_hostname'],
    ['http://api.localhost/', 'local_hostname'],
    ['http://intranet/', 'local_hostname'],
    ['http://printer.local/', 'local_hostname'],
    ['http://metadata.google.internal/', 'local_hostname'],
    ['http://localhost./', 'local_hostname'],
    ['http://example.com:8080/', 'port_not_allowed'],
    ['http://example.com:22/', 'port_not_allowed'],
    ['http://user:pass@example.com/', 'userinfo_not_allowed'],
    ['http://127.1.1.1:80@127.2.2.2:80/', 'userinfo_not_allowed'],
    ['ftp://example.com/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(checkUrl(new URL(url), production)).toMatchObject({ allowed: false, reason });
  });

  it('allows public names on ports 80 and 443', () => {
    expect(checkUrl(new URL('https://example.com/'), production)).toEqual({ allowed: true });
    expect(checkUrl(new URL('http://example.com:443/'), production)).toEqual({ allowed: true });
  });

  it('allows loopback and any port when private targets are allowed', () => {
    const local = { allowPrivateTargets: true };
    expect(checkUrl(new URL('http://127.0.0.1:4100/'), local)).toEqual({ allowed: true });
    expect(checkUrl(new URL('http://localhost:4100/'), local)).toEqual({ allowed: true });
  });

  it('still refuses credentials and other schemes when private targets are allowed', () => {
    const local = { allowPrivateTargets: true };
    expect(checkUrl(new URL('http://a:b@localhost/'), local).allowed).toBe(false);
    expect(checkUrl(new URL('gopher://localhost/'), local).allowed).toBe(false);
  });
});

describe('isLocalHostname', () => {
  it('treats single labels and local suffixes as local, public names as not', () => {
    expect(isLocalHostname('router')).toBe(true);
    expect(isLocalHostname('db.internal')).toBe(true);
    expect(isLocalHostname('example.com')).toBe(false);
    expect(isLocalHostname('evil.test-rebind.example')).toBe(false);
  });
});
