import { describe, expect, it } from 'vitest';
import { responseExample } from '#shared/surfaces/api/examples';
import { serveBothEras } from '#shared/surfaces/mcp/dual-era';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import { buildMcpServer } from '#shared/surfaces/mcp/server';
import { TOOLS } from '#shared/surfaces/mcp/tools';
import {
  legacyExchanges,
  type McpExchange,
  modernExchanges,
  unsupportedVersionExchange,
} from '#shared/surfaces/pages/docs-mcp-example';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';

/**
 * Issue 26, point 6: `/docs#mcp` shows a 2026-07-28 exchange beside a 2025-11-25 one, and the
 * Origin rule. Every documented request is sent to the real server (the SDK in process, the
 * tool's route answering its own REST example): the documented answer is the one it gives, but
 * for the text rendering of a result, which the page abbreviates.
 */
const BASE = 'https://api.example';
const tool = TOOLS.find((candidate) => candidate.name === 'get_stats');

async function answerOf(exchange: McpExchange): Promise<{ status: number; body: unknown }> {
  if (!tool) throw new Error('no get_stats tool');
  const invoke: RouteInvoker = async (route) => ({
    statusCode: 200,
    body: JSON.stringify(responseExample(route, BASE).body),
  });
  const request = new Request(`${BASE}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...exchange.headers,
    },
    body: JSON.stringify(exchange.body),
  });
  const context = {
    authorization: 'Bearer ars_docs',
    domainName: 'api.example',
    proto: 'https' as const,
    sourceIp: '203.0.113.1',
    invoke,
  };
  const response = await serveBothEras(
    request,
    () => buildMcpServer(context),
    () => {},
  );
  return { status: response.status, body: await response.json() };
}

/** The answer without the text rendering of a tool result, which the page abbreviates. */
function comparable(body: unknown): unknown {
  const copy = structuredClone(body) as { result?: { content?: unknown } };
  if (copy.result?.content) copy.result.content = 'rendering';
  return copy;
}

describe('the documented MCP exchanges', () => {
  if (!tool) throw new Error('no get_stats tool');
  const exchanges = [
    ...modernExchanges(tool, BASE),
    unsupportedVersionExchange(),
    ...legacyExchanges(tool, BASE),
  ];

  it.each(exchanges.map((exchange) => [exchange.id, exchange] as const))(
    '%s is answered as the page shows',
    async (_, exchange) => {
      const { status, body } = await answerOf(exchange);
      expect(status).toBe(exchange.status);
      expect(comparable(body)).toEqual(comparable(exchange.answer));
    },
  );

  it('stand side by side on the page, with the Origin rule and MCP_ALLOWED_ORIGINS', () => {
    const html = renderDocsPage(BASE).toString();
    const section = html.slice(html.indexOf('<h2 id="mcp">'), html.indexOf('<h2 id="routes">'));
    for (const anchor of ['mcp-discover', 'mcp-call-modern', 'mcp-initialize', 'mcp-call']) {
      expect(section).toContain(`id="${anchor}"`);
    }
    expect(section).toContain('2026-07-28');
    expect(section).toContain('2025-11-25');
    expect(section).toContain('Mcp-Method: server/discover');
    expect(section).toContain('Mcp-Name: get_stats');
    expect(section).toContain('id="mcp-origin"');
    expect(section).toContain('MCP_ALLOWED_ORIGINS');
    expect(section).toContain('403');
  });
});
