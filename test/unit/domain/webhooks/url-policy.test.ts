import type { LookupAddress } from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import { type AppError, BadRequestError, UnavailableError } from '#shared/domain/kernel/errors';
import {
  MAX_RECEIVER_URL_LENGTH,
  type ReceiverLookup,
  type ReceiverUrlOptions,
  type ReceiverUrlRule,
  validateReceiverUrl,
} from '#shared/domain/webhooks/url-policy';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** A resolver from a fixed table; names missing from it do not exist. Never real DNS. */
function fakeDns(table: Record<string, string[]>): ReceiverLookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map(
      (address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }),
    );
  };
}

const publicDns = fakeDns({
  'hooks.example.com': [PUBLIC_V4, PUBLIC_V6],
  'xn--bcher-kva.de': [PUBLIC_V4],
});

const production = { allowPrivateTargets: false, lookup: publicDns };

async function refusal(
  input: string,
  options: ReceiverUrlOptions = production,
): Promise<BadRequestError> {
  const error = await validateReceiverUrl(input, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BadRequestError);
  const refused = error as BadRequestError;
  expect(refused.code).toBe('invalid_url');
  return refused;
}

async function expectRule(
  input: string,
  rule: ReceiverUrlRule,
  options: ReceiverUrlOptions = production,
) {
  const error = await refusal(input, options);
  expect(error.details).toEqual({ rule });
  return error;
}

describe('validateReceiverUrl: what passes', () => {
  it('accepts a public https URL and returns its canonical form', async () => {
    const url = await validateReceiverUrl('HTTPS://Hooks.Example.com:443/in?tenant=7', production);
    expect(url.href).toBe('https://hooks.example.com/in?tenant=7');
  });

  it('stores an internationalised host in its punycode (ASCII) form', async () => {
    const url = await validateReceiverUrl('https://bücher.de/hooks', production);
    expect(url.hostname).toBe('xn--bcher-kva.de');
    expect(url.href).toBe('https://xn--bcher-kva.de/hooks');
  });

  it('accepts a public IP literal without looking anything up', async () => {
    const lookup = vi.fn(publicDns);
    const url = await validateReceiverUrl(`https://${PUBLIC_V4}/hook`, {
      allowPrivateTargets: false,
      lookup,
    });
    expect(url.hostname).toBe(PUBLIC_V4);
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('validateReceiverUrl: scheme, credentials, fragment, length', () => {
  it.each([
    'http://hooks.example.com/',
    'ftp://hooks.example.com/',
    'ws://hooks.example.com/',
    'javascript:alert(1)',
  ])('refuses the non-https URL %s', async (input) => {
    const error = await expectRule(input, 'https_only');
    expect(error.message).toMatch(/https/);
  });

  it('refuses http even when private targets are allowed', async () => {
    await expectRule('http://127.0.0.1:8080/', 'https_only', {
      allowPrivateTargets: true,
      lookup: publicDns,
    });
  });

  it.each([
    'https://user:pass@hooks.example.com/',
    'https://user@hooks.example.com/',
    'https://:secret@hooks.example.com/',
    'https://:@hooks.example.com/',
    'https://hooks.example.com@evil.example.net/',
  ])('refuses credentials in %s', async (input) => {
    const error = await expectRule(input, 'credentials');
    expect(error.message).toMatch(/credentials/);
  });

  it.each(['https://hooks.example.com/in#part', 'https://hooks.example.com/#'])(
    'refuses the fragment in %s',
    async (input) => {
      await expectRule(input, 'fragment');
    },
  );

  it.each(['hooks.example.com', '/relative/path', '', 'https://'])(
    'refuses %j, which is not an absolute URL',
    async (input) => {
      await expectRule(input, 'not_absolute');
    },
  );

  it.each([
    ' https://hooks.example.com/',
    'https://hooks.example.com/a b',
    'https://hooks.example.com/\t',
  ])('refuses whitespace or control characters in %j', async (input) => {
    await expectRule(input, 'control_characters');
  });

  it('refuses a URL longer than the cap and accepts one at the cap', async () => {
    const base = 'https://hooks.example.com/';
    const atCap = base + 'a'.repeat(MAX_RECEIVER_URL_LENGTH - base.length);
    await expect(validateReceiverUrl(atCap, production)).resolves.toBeInstanceOf(URL);
    await expectRule(`${atCap}a`, 'too_long');
  });

  it('measures the cap after punycode conversion too', async () => {
    const path = 'a'.repeat(MAX_RECEIVER_URL_LENGTH - 'https://bücher.de/'.length);
    await expectRule(`https://bücher.de/${path}`, 'too_long');
  });
});

describe('validateReceiverUrl: host syntax', () => {
  it.each([
    'https://a_b.example.com/',
    'https://a*b.example.com/',
    'https://-lead.example.com/',
    'https://trail-.example.com/',
    'https://a..b.example.com/',
    'https://hooks.example.com./',
    `https://${'a'.repeat(64)}.example.com/`,
    `https://${Array.from({ length: 64 }, () => 'abc').join('.')}.com/`,
    'https://xn--zz.example.com/',
  ])('refuses the malformed host in %s', async (input) => {
    await expectRule(input, 'invalid_host');
  });

  it.each([
    'https://exa<mple.com/',
    'https://[::1/',
    'https://exa%20mple.com/',
    'https://example.123/',
  ])('refuses %s, whose host the URL parser cannot read', async (input) => {
    await expectRule(input, 'not_absolute');
  });
});

describe('validateReceiverUrl: ports', () => {
  it.each(['8443', '80', '444', '22', '6379'])('refuses port %s in production', async (port) => {
    const error = await expectRule(`https://hooks.example.com:${port}/`, 'port_not_allowed');
    expect(error.message).toContain(port);
  });

  it('accepts the explicit default port 443 and drops it', async () => {
    const url = await validateReceiverUrl('https://hooks.example.com:443/', production);
    expect(url.port).toBe('');
  });

  it('accepts any port when private targets are allowed', async () => {
    const url = await validateReceiverUrl('https://127.0.0.1:8443/in', {
      allowPrivateTargets: true,
      lookup: publicDns,
    });
    expect(url.href).toBe('https://127.0.0.1:8443/in');
  });
});

describe('validateReceiverUrl: private and reserved IP literals', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/'],
    ['loopback, short form', 'https://127.1/'],
    ['loopback, decimal', 'https://2130706433/'],
    ['loopback, hex', 'https://0x7f000001/'],
    ['loopback, octal', 'https://0177.0.0.1/'],
    ['unspecified', 'https://0.0.0.0/'],
    ['RFC 1918 10/8', 'https://10.1.2.3/'],
    ['RFC 1918 172.16/12', 'https://172.16.0.1/'],
    ['RFC 1918 192.168/16', 'https://192.168.1.1/'],
    ['link-local / metadata', 'https://169.254.169.254/'],
    ['CGNAT', 'https://100.64.0.1/'],
    ['TEST-NET', 'https://192.0.2.10/'],
    ['benchmarking', 'https://198.18.0.1/'],
    ['multicast', 'https://224.0.0.1/'],
    ['broadcast', 'https://255.255.255.255/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['IPv6 unspecified', 'https://[::]/'],
    ['IPv6 unique-local (AWS metadata)', 'https://[fd00:ec2::254]/'],
    ['IPv6 link-local', 'https://[fe80::1]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/'],
    ['IPv4-mapped RFC 1918', 'https://[::ffff:10.0.0.1]/'],
    ['NAT64', 'https://[64:ff9b::7f00:1]/'],
    ['6to4', 'https://[2002:7f00:1::]/'],
    ['Teredo', 'https://[2001::1]/'],
    ['documentation', 'https://[2001:db8::1]/'],
    ['IPv6 multicast', 'https://[ff02::1]/'],
  ])('refuses a %s literal (%s)', async (_kind, input) => {
    const lookup = vi.fn(publicDns);
    const error = await expectRule(input, 'private_address', {
      allowPrivateTargets: false,
      lookup,
    });
    expect(error.message).toMatch(/non-public address/);
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('validateReceiverUrl: names and what they resolve to', () => {
  it.each([
    ['loopback', ['127.0.0.1']],
    ['RFC 1918', ['10.0.0.5']],
    ['metadata', ['169.254.169.254']],
    ['CGNAT', ['100.100.100.100']],
    ['IPv6 loopback', ['::1']],
    ['unique-local', ['fd12:3456:789a::1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['NAT64', ['64:ff9b::a00:1']],
    ['one private among public addresses', [PUBLIC_V4, PUBLIC_V6, '192.168.0.10']],
  ])('refuses a name resolving to %s', async (_kind, addresses) => {
    const options = {
      allowPrivateTargets: false,
      lookup: fakeDns({ 'rebind.example.net': addresses }),
    };
    const error = await expectRule('https://rebind.example.net/hook', 'private_address', options);
    expect(error.message).toContain('rebind.example.net');
  });

  it.each([
    'https://localhost/',
    'https://api.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/',
    'https://intranet/',
    'https://router.home.arpa/',
  ])('refuses the local name %s without looking it up', async (input) => {
    const lookup = vi.fn(publicDns);
    await expectRule(input, 'local_hostname', { allowPrivateTargets: false, lookup });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses a name that does not resolve', async () => {
    await expectRule('https://nowhere.example.org/', 'unresolvable');
    const empty = { allowPrivateTargets: false, lookup: fakeDns({ 'empty.example.org': [] }) };
    await expectRule('https://empty.example.org/', 'unresolvable', empty);
  });

  it('answers 503-class UnavailableError when the resolver fails for its own reasons', async () => {
    const servfail: ReceiverLookup = async () => {
      throw Object.assign(new Error('queryA ESERVFAIL'), { code: 'EAI_AGAIN' });
    };
    const error = await validateReceiverUrl('https://hooks.example.com/', {
      allowPrivateTargets: false,
      lookup: servfail,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as AppError).code).toBe('service_unavailable');
  });

  it('gives up on a lookup that hangs after the lookup timeout', async () => {
    const hanging: ReceiverLookup = () => new Promise(() => {});
    const error = await validateReceiverUrl('https://hooks.example.com/', {
      allowPrivateTargets: false,
      lookup: hanging,
      lookupTimeoutMs: 20,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnavailableError);
  });

  it('resolves the punycode form of an internationalised name', async () => {
    const lookup = vi.fn(publicDns);
    await validateReceiverUrl('https://BÜCHER.de/', { allowPrivateTargets: false, lookup });
    expect(lookup).toHaveBeenCalledWith('xn--bcher-kva.de');
  });
});

describe('validateReceiverUrl with allowPrivateTargets (tests and the local demo)', () => {
  it.each([
    'https://127.0.0.1:9443/hook',
    'https://[::1]:9443/hook',
    'https://localhost:9443/hook',
    'https://10.0.0.5/hook',
  ])('accepts the private receiver %s without any lookup', async (input) => {
    const lookup = vi.fn(publicDns);
    const url = await validateReceiverUrl(input, { allowPrivateTargets: true, lookup });
    expect(url.href).toBe(input);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('still refuses credentials and fragments', async () => {
    const options = { allowPrivateTargets: true, lookup: publicDns };
    await expectRule('https://u:p@127.0.0.1:9443/', 'credentials', options);
    await expectRule('https://127.0.0.1:9443/#x', 'fragment', options);
  });
});
