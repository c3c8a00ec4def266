import { describe, expect, it } from 'vitest';
import { forbiddenOrigin, type OriginPolicy, originAllowed } from '#shared/surfaces/mcp/origin';
import { loadConfig } from '#shared/wiring/config';

/** The tool server's Origin rule (issue 26, point 1), as pure decisions. */
const OWN = 'https://api.example';
const aws: OriginPolicy = { allowed: [], allowLoopback: false, publicBaseUrl: undefined };
const local: OriginPolicy = { ...aws, allowLoopback: true };

describe('originAllowed', () => {
  it('lets a request without Origin through: desktop and command-line clients send none', () => {
    expect(originAllowed(undefined, OWN, aws)).toBe(true);
  });

  it("allows the service's own origin, as it arrived and as PUBLIC_BASE_URL names it", () => {
    expect(originAllowed('https://api.example', OWN, aws)).toBe(true);
    expect(originAllowed('HTTPS://API.EXAMPLE:443', OWN, aws)).toBe(true);
    const withBase = { ...aws, publicBaseUrl: 'https://readiness.example' };
    expect(originAllowed('https://readiness.example', OWN, withBase)).toBe(true);
    expect(originAllowed('http://api.example', OWN, aws)).toBe(false);
  });

  it('allows loopback origins on any port only on the local stack', () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:1', 'http://[::1]:8080']) {
      expect(originAllowed(origin, OWN, local), origin).toBe(true);
      expect(originAllowed(origin, OWN, aws), origin).toBe(false);
    }
    expect(originAllowed('https://localhost:5173', OWN, local)).toBe(false);
    expect(originAllowed('http://localhost.evil.example', OWN, local)).toBe(false);
  });

  it('allows exactly the origins MCP_ALLOWED_ORIGINS lists, and refuses null and garbage', () => {
    const policy = { ...aws, allowed: ['https://app.partner.example'] };
    expect(originAllowed('https://app.partner.example', OWN, policy)).toBe(true);
    expect(originAllowed('https://app.partner.example:8443', OWN, policy)).toBe(false);
    expect(originAllowed('https://evil.example', OWN, policy)).toBe(false);
    expect(originAllowed('null', OWN, policy)).toBe(false);
    expect(originAllowed('not an origin', OWN, policy)).toBe(false);
  });
});

describe('the 403 answer', () => {
  it('is a JSON-RPC error with no id', () => {
    const result = forbiddenOrigin('req-1');
    expect(result.statusCode).toBe(403);
    const body = JSON.parse(String(result.body));
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    expect(body).not.toHaveProperty('id');
  });
});

describe('MCP_ALLOWED_ORIGINS', () => {
  it('is read as origins the way the URL parser writes them', () => {
    const config = loadConfig({
      MCP_ALLOWED_ORIGINS: ' HTTPS://App.Partner.Example:443/ ,http://localhost:3000',
    });
    expect(config.MCP_ALLOWED_ORIGINS).toEqual([
      'https://app.partner.example',
      'http://localhost:3000',
    ]);
    expect(loadConfig({}).MCP_ALLOWED_ORIGINS).toEqual([]);
  });

  it('names an entry that is not an origin', () => {
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(
      /MCP_ALLOWED_ORIGINS.*a\.example\/path/,
    );
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'ftp://a.example' })).toThrow(
      /MCP_ALLOWED_ORIGINS/,
    );
  });
});
