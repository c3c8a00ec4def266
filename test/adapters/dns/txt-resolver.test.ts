import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTxtResolver } from '#shared/adapters/dns/txt-resolver';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { type RunningDnsServer, startDnsServer } from '#test/support/dns-server';

/**
 * Issue 37 point 3: DNS-AID read where DNS allows. Node's resolver asks a DNS server on loopback
 * (test/support/dns-server.ts) for `_agent.<host>` TXT; the scan reports the record it finds,
 * no record as information, and, with no resolver (OFFLINE_DNS=1), not applicable.
 */
let dns: RunningDnsServer;
let site: RunningFixtureSite;
const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });

beforeAll(async () => {
  dns = await startDnsServer({
    '_agent.127.0.0.1': ['v=aid2;p=mcp;u=https://127.0.0.1/mcp'],
  });
  site = await startFixtureSite('good');
});

afterAll(async () => {
  await fetcher.close();
  await site?.close();
  await dns?.close();
});

const txt = () => createTxtResolver({ servers: [dns.address], timeoutMs: 1_000 });

describe('the TXT resolver', () => {
  it('returns the records of a name, and "none" for a name that does not exist', async () => {
    expect(await txt().txt('_agent.127.0.0.1')).toEqual(['v=aid2;p=mcp;u=https://127.0.0.1/mcp']);
    expect(await txt().txt('_agent.nowhere.example')).toBe('none');
    expect(dns.asked).toContain('_agent.nowhere.example');
  });
});

describe('DNS-AID in a scan', () => {
  const agentFindings = async (resolver: ReturnType<typeof txt> | undefined) => {
    const report = await runScan(parseScanTarget(site.url, { allowPrivateTargets: true }), {
      fetcher,
      ...(resolver ? { txt: resolver } : {}),
    });
    const agent = report.checks.find((check) => check.id === 'agent');
    return (agent?.findings ?? []).filter((finding) => finding.id.startsWith('agent.dns_aid'));
  };

  it('reports the record it finds at _agent.<host>', async () => {
    expect(await agentFindings(txt())).toEqual([
      expect.objectContaining({
        id: 'agent.dns_aid_ok',
        state: 'good',
        text: expect.stringMatching(
          /_agent\.127\.0\.0\.1 names a mcp agent at https:\/\/127\.0\.0\.1\/mcp/,
        ),
      }),
    ]);
  });

  it('says it is not applicable offline, where no DNS server is asked', async () => {
    const asked = dns.asked.length;
    expect(await agentFindings(undefined)).toEqual([
      expect.objectContaining({ id: 'agent.dns_aid_offline', state: 'info' }),
    ]);
    expect(dns.asked.length).toBe(asked);
  });
});
