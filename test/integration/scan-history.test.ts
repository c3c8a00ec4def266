import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ListDomainScansResponseSchema,
  ListDomainsResponseSchema,
} from '#shared/domain/scans/history-schemas';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { type SwitchableSite, startSwitchableSite } from '#test/support/switchable-site';

/**
 * The scan history through the local front (docs/decisions.md "Scan history"): an account's
 * domains with their trend, one domain's scans with the per-check diff, pages, search, filters,
 * tenancy and bad input.
 */
let stack: TestStack;
let changing: SwitchableSite;
let steady: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let other: string;

async function scan(domain: string, as = key): Promise<string> {
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key: as,
    body: { domain },
  });
  expect(response.status).toBe(201);
  return (response.body.scan as { id: string }).id;
}

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  changing = await startSwitchableSite('poor');
  steady = await startFixtureSite('good');
  key = await stack.createKey(['scans:read', 'scans:write']);
  other = await stack.createKey(['scans:read', 'scans:write']);
  await scan(changing.host);
  changing.become('good');
  await scan(changing.host);
  await scan(steady.host);
});
afterAll(async () => {
  await changing?.close();
  await steady?.close();
  await stack?.close();
});

describe('GET /api/v1/domains', () => {
  it('lists the domains most recently scanned first, with change, count and trend', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/domains', { key });
    expect(response.status).toBe(200);
    const { domains, next_cursor } = ListDomainsResponseSchema.parse(response.body);
    expect(domains.map((entry) => entry.domain)).toEqual([steady.host, changing.host]);
    expect(next_cursor).toBeNull();
    const [one, two] = [domains[0], domains[1]];
    expect(one).toMatchObject({ scan_count: 1, previous_score: null, change: null });
    expect(two?.scan_count).toBe(2);
    expect(two?.trend).toHaveLength(2);
    expect(two?.previous_score).toBe(two?.trend[0]?.score);
    expect(two?.change).toBe((two?.score ?? 0) - (two?.previous_score ?? 0));
    expect(two?.change).toBeGreaterThan(0);
    expect(two?.latest_scan_url).toBe(`${stack.baseUrl}/scans/${two?.latest_scan_id}`);
    expect(two?.pillars.R).toBeGreaterThan(0);
  });

  it('pages with limit and cursor, searches with q and filters by band', async () => {
    const first = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/domains?limit=1', { key })).body,
    );
    expect(first.domains).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = ListDomainsResponseSchema.parse(
      (
        await callJson(stack.baseUrl, `/api/v1/domains?limit=1&cursor=${first.next_cursor}`, {
          key,
        })
      ).body,
    );
    expect(second.domains.map((entry) => entry.domain)).toEqual([changing.host]);
    const port = changing.host.split(':')[1];
    const searched = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/domains?q=${port}`, { key })).body,
    );
    expect(searched.domains.map((entry) => entry.domain)).toEqual([changing.host]);
    const poor = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/domains?band=poor', { key })).body,
    );
    expect(poor.domains).toEqual([]);
    const good = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/domains?band=good&pillar=R', { key })).body,
    );
    expect(good.domains).toHaveLength(2);
  });

  it("shows nobody else's domains and refuses bad input and a stolen cursor", async () => {
    const foreign = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/domains', { key: other })).body,
    );
    expect(foreign.domains).toEqual([]);
    const first = ListDomainsResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/domains?limit=1', { key })).body,
    );
    const stolen = await callJson(stack.baseUrl, `/api/v1/domains?cursor=${first.next_cursor}`, {
      key: other,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error?.code).toBe('invalid_cursor');
    for (const query of ['limit=0', 'limit=500', 'band=great', 'pillar=X']) {
      const bad = await callJson(stack.baseUrl, `/api/v1/domains?${query}`, { key });
      expect(bad.status, query).toBe(400);
      expect(bad.body.error?.code, query).toBe('invalid_request');
    }
    expect((await callJson(stack.baseUrl, '/api/v1/domains')).status).toBe(401);
    const writer = await stack.createKey(['scans:write']);
    const forbidden = await callJson(stack.baseUrl, '/api/v1/domains', { key: writer });
    expect(forbidden.body.error?.code).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/domains/{domain}/scans', () => {
  it("lists the domain's scans newest first with each check's change", async () => {
    const path = `/api/v1/domains/${encodeURIComponent(changing.host)}/scans`;
    const response = await callJson(stack.baseUrl, path, { key });
    expect(response.status).toBe(200);
    const body = ListDomainScansResponseSchema.parse(response.body);
    expect(body.domain).toBe(changing.host);
    const [latest, first] = body.scans;
    expect(latest?.previous_scan_id).toBe(first?.id);
    expect(latest?.change).toBe((latest?.score ?? 0) - (first?.score ?? 0));
    expect(latest?.diff.length).toBeGreaterThan(0);
    for (const entry of latest?.diff ?? []) {
      expect(entry.change).toBe((entry.after ?? 0) - (entry.before ?? 0));
      expect(entry.change).not.toBe(0);
    }
    // The SPA shell has no llms.txt; the agent-ready site has one.
    expect(latest?.diff.find((entry) => entry.check === 'llms')?.change).toBeGreaterThan(0);
    expect(first).toMatchObject({ previous_scan_id: null, change: null, diff: [] });
  });

  it('diffs the last scan of a page against the scan on the next page', async () => {
    const path = `/api/v1/domains/${encodeURIComponent(changing.host)}/scans`;
    const page1 = ListDomainScansResponseSchema.parse(
      (await callJson(stack.baseUrl, `${path}?limit=1`, { key })).body,
    );
    expect(page1.scans).toHaveLength(1);
    expect(page1.scans[0]?.previous_scan_id).not.toBeNull();
    const page2 = ListDomainScansResponseSchema.parse(
      (await callJson(stack.baseUrl, `${path}?limit=1&cursor=${page1.next_cursor}`, { key })).body,
    );
    expect(page2.scans.map((entry) => entry.id)).toEqual([page1.scans[0]?.previous_scan_id]);
    expect(page2.next_cursor).toBeNull();
  });

  it("answers 404 for a domain the account never scanned and for another account's", async () => {
    const mine = `/api/v1/domains/${encodeURIComponent(changing.host)}/scans`;
    const foreign = await callJson(stack.baseUrl, mine, { key: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
    const unknown = await callJson(stack.baseUrl, '/api/v1/domains/never.example/scans', { key });
    expect(unknown.status).toBe(404);
    const nonsense = await callJson(stack.baseUrl, '/api/v1/domains/%20%3Cx%3E/scans', { key });
    expect(nonsense.status).toBe(404);
    const bad = await callJson(stack.baseUrl, `${mine}?limit=abc`, { key });
    expect(bad.status).toBe(400);
  });

  it('reads WWW. and upper case the way scans store the domain', async () => {
    const path = `/api/v1/domains/WWW.${encodeURIComponent(changing.host)}/scans`;
    const response = await callJson(stack.baseUrl, path, { key });
    expect(response.status).toBe(200);
    expect(ListDomainScansResponseSchema.parse(response.body).scans).toHaveLength(2);
  });
});
