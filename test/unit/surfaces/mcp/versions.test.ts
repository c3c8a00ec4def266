/**
 * The tool server serves every handshake revision the official SDK serves (issue 36 point 5):
 * the list the discovery documents and `/docs#mcp` name is the SDK's own, so an SDK upgrade that
 * adds or drops one fails here until the list (and the docs) follow.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  HANDSHAKE_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSION,
  SERVED_PROTOCOL_VERSIONS,
} from '#shared/surfaces/mcp/versions';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';

describe('the revisions served', () => {
  it('are this year’s and every handshake revision of the official SDK', () => {
    expect([...HANDSHAKE_PROTOCOL_VERSIONS]).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(SERVED_PROTOCOL_VERSIONS[0]).toBe(MODERN_PROTOCOL_VERSION);
  });

  it('are each named in the docs page’s MCP section', () => {
    const page = renderDocsPage('https://api.example.com').toString();
    const section = page.slice(page.indexOf('<h2 id="mcp">'), page.indexOf('<h2 id="dashboard">'));
    for (const version of SERVED_PROTOCOL_VERSIONS) {
      expect(section).toContain(`<code>${version}</code>`);
    }
  });
});
