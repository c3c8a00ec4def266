import { describe, expect, it } from 'vitest';
import { BadRequestError } from '#shared/domain/kernel/errors';
import { parseScanTarget } from '#shared/domain/scan-engine/target';

const production = { allowPrivateTargets: false };
const local = { allowPrivateTargets: true };

describe('parseScanTarget', () => {
  it.each([
    ['example.com', 'example.com', ['https://example.com', 'http://example.com']],
    ['Example.COM', 'example.com', ['https://example.com', 'http://example.com']],
    ['www.example.com', 'example.com', ['https://www.example.com', 'http://www.example.com']],
    ['https://www.example.com/blog?x=1', 'example.com', ['https://www.example.com']],
    // "www" is only a prefix when a domain remains after it.
    ['www.com', 'www.com', ['https://www.com', 'http://www.com']],
    ['http://example.com', 'example.com', ['http://example.com']],
    ['example.com/', 'example.com', ['https://example.com', 'http://example.com']],
    ['example.com.', 'example.com', ['https://example.com', 'http://example.com']],
    ['  example.com  ', 'example.com', ['https://example.com', 'http://example.com']],
    ['https://example.com:443', 'example.com', ['https://example.com']],
    ['example.com:443', 'example.com', ['https://example.com']],
    [
      'docs.example.co.uk',
      'docs.example.co.uk',
      ['https://docs.example.co.uk', 'http://docs.example.co.uk'],
    ],
    [
      'bücher.example',
      'xn--bcher-kva.example',
      ['https://xn--bcher-kva.example', 'http://xn--bcher-kva.example'],
    ],
  ])('accepts %s as %s', (input, domain, startUrls) => {
    expect(parseScanTarget(input, production)).toEqual({ domain, startUrls });
  });

  it.each([
    ['localhost:4100', 'localhost:4100', ['https://localhost:4100', 'http://localhost:4100']],
    ['http://localhost:4100', 'localhost:4100', ['http://localhost:4100']],
    ['127.0.0.1:8080', '127.0.0.1:8080', ['https://127.0.0.1:8080', 'http://127.0.0.1:8080']],
    ['http://[::1]:4100/', '[::1]:4100', ['http://[::1]:4100']],
  ])('accepts %s when private targets are allowed', (input, domain, startUrls) => {
    expect(parseScanTarget(input, local)).toEqual({ domain, startUrls });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['exa mple.com', 'a space'],
    ['example', 'no dot'],
    ['localhost', 'localhost'],
    ['localhost:4100', 'localhost with a port'],
    ['app.localhost', '*.localhost'],
    ['printer.local', '.local'],
    ['db.internal', '.internal'],
    ['127.0.0.1', 'an IPv4 literal'],
    ['2130706433', 'a decimal IPv4'],
    ['0177.0.0.1', 'an octal IPv4'],
    ['0x7f.1', 'a hex IPv4'],
    ['[::1]', 'an IPv6 literal'],
    ['http://[::ffff:127.0.0.1]/', 'an IPv4-mapped literal'],
    ['user:pass@example.com', 'userinfo'],
    ['https://user@example.com', 'a user name'],
    ['ftp://example.com', 'a non-http scheme'],
    ['javascript:alert(1)', 'a script URL'],
    ['mailto:someone@example.com', 'a mail URL'],
    ['example.com:8080', 'a non-standard port'],
    ['-bad-.example.com', 'a label with leading hyphen'],
    ['under_score.example.com', 'an underscore'],
    ['example.123', 'a numeric top-level label'],
    [`${'a'.repeat(64)}.example.com`, 'a label over 63 characters'],
    [`${'abcdefghi.'.repeat(26)}com`, 'a host over 253 characters'],
    [`example.com/${'x'.repeat(2100)}`, 'input over 2048 characters'],
  ])('rejects %s (%s) with invalid_domain', (input) => {
    let caught: unknown;
    try {
      parseScanTarget(input, production);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BadRequestError);
    expect(caught).toMatchObject({ code: 'invalid_domain' });
    expect((caught as Error).message.length).toBeGreaterThan(10);
  });

  it.each([
    ['xn--zz.de', 'an xn-- label that is not punycode', production],
    ['shop.xn--a.example', 'an xn-- label that decodes to nothing', production],
    ['localhost:0', 'port 0 on a local target', local],
    ['http://127.0.0.1:0/', 'port 0 on a loopback literal', local],
  ])('rejects %s (%s) before any request is made', (input, _why, options) => {
    expect(() => parseScanTarget(input, options)).toThrow(
      expect.objectContaining({ code: 'invalid_domain' }),
    );
  });

  it('accepts valid punycode labels', () => {
    expect(parseScanTarget('xn--mnchen-3ya.de', production).domain).toBe('xn--mnchen-3ya.de');
  });
});
