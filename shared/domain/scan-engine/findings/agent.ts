/**
 * Finding types of check 8 `agent` (docs/scan-engine.md "Finding ids"): MCP, A2A, Agent Skills,
 * the agent catalogs, WebMCP, and the actions without points (credentials, payments, commerce).
 */
import { checkCommon, finding, passing } from './spec.ts';

const PROTOCOLS = {
  'agent.site_type': finding(
    'Site type (content, app or commerce)',
    'Nothing to fix: the site type only decides whether missing agent endpoints count.',
    'scoring',
  ),
  'agent.not_applicable': finding(
    'Not applicable: a content site with no agent manifests',
    'Nothing to fix unless agents should act on the site; then publish an MCP server card or an A2A agent card.',
    'scoring',
  ),
  'agent.mcp_card_missing': finding(
    'No MCP server card',
    'Publish an AI Catalog at /.well-known/ai-catalog.json with an application/mcp-server-card+json entry whose url points at your server card.',
    'mcp-discovery',
  ),
  'agent.mcp_card_not_needed': finding(
    'No MCP server card: the A2A agent card is the agent interface',
    'Nothing to fix: an A2A agent card serves agents here.',
    'mcp-discovery',
  ),
  'agent.mcp_card_ok': passing(
    'The MCP server card names its server and endpoint',
    'mcp-discovery',
  ),
  'agent.mcp_card_incomplete': finding(
    'The MCP server card lacks a name or a transport URL',
    'Give the card a name and a remotes[].url naming its endpoint.',
    'mcp-discovery',
  ),
  'agent.mcp_card_offsite': finding(
    'The catalog points at a server card on another site',
    'Nothing to fix: the scan does not fetch other sites; the card there is not judged.',
    'mcp-discovery',
  ),
  'agent.mcp_card_unreadable': finding(
    'The catalog entry points at something that is not a server card',
    'Serve the server card as JSON (application/mcp-server-card+json) at the URL the catalog entry names.',
    'mcp-discovery',
  ),
  'agent.mcp_card_no_cors': finding(
    'The hosted server card has no CORS header',
    'Send "Access-Control-Allow-Origin: *" with the server card.',
    'mcp-discovery',
  ),
  'agent.mcp_catalog_superseded': finding(
    'MCP servers listed in the superseded /.well-known/mcp/catalog.json',
    'Publish the same entries in /.well-known/ai-catalog.json.',
    'mcp-catalog',
  ),
  'agent.mcp_catalog_malformed': finding(
    'The MCP catalog is malformed',
    'Fix what the finding lists, or move the entries to a valid /.well-known/ai-catalog.json.',
    'mcp-catalog',
  ),
  'agent.mcp_card_legacy_path': finding(
    'The MCP server card only at a legacy .well-known path',
    'List the card in /.well-known/ai-catalog.json (type application/mcp-server-card+json, url of the card).',
    'mcp-card-well-known',
  ),
  'agent.a2a_card_missing': finding(
    'No A2A agent card',
    'Publish an A2A 1.0 agent card at /.well-known/agent-card.json.',
    'a2a',
  ),
  'agent.a2a_card_not_needed': finding(
    'No A2A agent card: the MCP server card is the agent interface',
    'Nothing to fix: an MCP server card serves agents here.',
    'a2a',
  ),
  'agent.a2a_card_incomplete': finding(
    'The A2A agent card lacks required members',
    'Add the members the finding lists (A2A 1.0 AgentCard).',
    'a2a',
  ),
  'agent.a2a_card_legacy_path': finding(
    'The A2A agent card only at the legacy /.well-known/agent.json',
    'Publish it at /.well-known/agent-card.json.',
    'a2a',
  ),
  'agent.a2a_card_v03': finding(
    'The A2A agent card uses the v0.3 shape',
    'Name endpoints in supportedInterfaces[] with url, protocolBinding and protocolVersion (A2A 1.0).',
    'a2a-0.3',
  ),
  'agent.a2a_card_ok': passing('The A2A agent card has every required member', 'a2a'),
  'agent.a2a_card_media_type': finding(
    'The A2A agent card is not served as application/a2a+json',
    'Serve the card with Content-Type application/a2a+json.',
    'a2a',
  ),
  'agent.a2a_signature_malformed': finding(
    'A malformed A2A agent card signature',
    'Fix the signature entry the finding names (a JWS with protected header and signature).',
    'a2a',
  ),
  'agent.a2a_signature_key_unavailable': finding(
    'An A2A card signature whose key cannot be had',
    'Name the key in the protected header (jwk, or kid with a jku on the card origin serving a JWK Set).',
    'a2a',
  ),
  'agent.a2a_signature_verified': passing('The A2A agent card signature verifies', 'a2a'),
  'agent.a2a_signature_invalid': finding(
    'An A2A agent card signature that does not verify',
    'Sign the card again over its RFC 8785 canonical form without "signatures", with the key the header names.',
    'a2a',
  ),
  'agent.a2a_signature_unsupported': finding(
    'An A2A card signature that could not be checked',
    'Use a JWS algorithm the finding does not call unsupported (e.g. ES256 or EdDSA).',
    'a2a',
  ),
  'agent.skills_missing': finding(
    'No Agent Skills index',
    'Publish /.well-known/agent-skills/index.json with the discovery $schema and your named skills.',
    'agent-skills',
  ),
  'agent.skills_ok': passing('The Agent Skills index lists named skills', 'agent-skills'),
  'agent.skills_invalid': finding(
    'The Agent Skills index lacks its $schema or named skills',
    'Add the discovery $schema and at least one skill with a name.',
    'agent-skills',
  ),
} as const;

const DISCOVERY = {
  'agent.manifest_missing': finding(
    'No AI Catalog, ARD manifest, agents.json or WebMCP tools',
    'Publish /.well-known/ard.json (or /.well-known/ai-catalog.json) listing your agent interfaces; the fix pack generates skeletons.',
    'ai-catalog',
  ),
  'agent.ai_catalog_ok': passing('A valid AI Catalog', 'ai-catalog'),
  'agent.ai_catalog_not_json': finding(
    'The AI Catalog is not JSON',
    'Serve /.well-known/ai-catalog.json as application/json.',
    'ai-catalog',
  ),
  'agent.ai_catalog_malformed': finding(
    'The AI Catalog is malformed',
    'Fix what the finding lists (specVersion, entries with identifier, displayName, type and exactly one of url or data).',
    'ai-catalog',
  ),
  'agent.ard_ok': passing('A valid ARD manifest', 'ard'),
  'agent.ard_not_json': finding(
    'The ARD manifest is not JSON',
    'Serve /.well-known/ard.json as application/json.',
    'ard',
  ),
  'agent.ard_malformed': finding(
    'The ARD manifest is malformed',
    'Fix what the finding lists (entries with identifier, displayName, type and exactly one of url or data).',
    'ard',
  ),
  'agent.ard_representative_queries_missing': finding(
    'ARD entries without representativeQueries',
    'Give every ARD entry "representativeQueries": 2 to 5 questions a user might ask that it answers (ARD v0.91 §4.2).',
    'ard',
  ),
  'agent.ard_representative_queries_count': finding(
    'ARD entries with fewer than 2 or more than 5 representativeQueries',
    'Nothing required: ARD v0.91 recommends 2 to 5 sample queries per entry.',
    'ard',
  ),
  'agent.ard_readers': finding(
    'No ARD manifest: who reads which catalog path',
    'Nothing required: serve the same entries at /.well-known/ard.json too, for ARD consumers (one document can be valid for both texts).',
    'ard',
  ),
  'agent.ai_catalog_readers': finding(
    'No AI Catalog: who reads which catalog path',
    'Nothing required: serve the same entries at /.well-known/ai-catalog.json too, for MCP discovery (one document can be valid for both texts).',
    'mcp-discovery',
  ),
  'agent.lighthouse_differs': finding(
    'Lighthouse (ard-schema) would decide otherwise, and why',
    'Nothing to fix for this scan; the finding says what Lighthouse reads differently. Fix what either one names if you want both to agree.',
    'lighthouse-agentic',
  ),
  'agent.agentmap_hint': passing('robots.txt points agents at their catalog (Agentmap)', 'ard'),
  'agent.catalog_link_hint': passing('The homepage links its agent catalog', 'ard'),
  'agent.agents_json_ok': passing('An agents.json manifest is published', 'agents-json'),
  'agent.webmcp_tools': passing('WebMCP tools in the static HTML', 'webmcp'),
  'agent.webmcp_navigator': finding(
    'WebMCP tools on the deprecated navigator.modelContext',
    'Register tools with document.modelContext.registerTool(...).',
    'webmcp-navigator',
  ),
  'agent.webmcp_form_undescribed': finding(
    'WebMCP form tools without a tooldescription',
    'Add tooldescription="..." to every form with a toolname.',
    'webmcp',
  ),
} as const;

const ACTIONS = {
  'agent.no_agent_auth': finding(
    'No auth.md or agent_auth metadata',
    'Nothing to fix: a site without agent sign-up does not need them.',
    'auth-md',
  ),
  'agent.no_payments': finding(
    'No payment or commerce endpoint',
    'Nothing to fix: a site that sells nothing to agents does not need them.',
    'x402',
  ),
  'agent.auth_md_html': finding(
    '/auth.md answers an HTML page',
    'Serve /auth.md as markdown opening with "# auth.md".',
    'auth-md',
  ),
  'agent.auth_md_no_h1': finding(
    '/auth.md has no H1 naming it',
    'Open /auth.md with "# auth.md".',
    'auth-md',
  ),
  'agent.auth_md_ok': passing('/auth.md tells agents how to get credentials', 'auth-md'),
  'agent.agent_auth_ok': passing(
    'Authorization-server metadata describes agent sign-up',
    'auth-md',
  ),
  'agent.agent_auth_invalid': finding(
    'agent_auth is not an object',
    'Make agent_auth in the authorization-server metadata a JSON object.',
    'auth-md',
  ),
  'agent.ucp_no_version': finding(
    'The UCP profile has no version date',
    'Set ucp.version to the UCP release date you implement (YYYY-MM-DD).',
    'ucp',
  ),
  'agent.ucp_old_version': finding(
    'The UCP profile declares an older version',
    'Move to the current UCP version the finding names.',
    'ucp',
  ),
  'agent.ucp_ok': passing('A current UCP business profile', 'ucp'),
  'agent.ucp_previous_ok': passing(
    'A UCP business profile of the previous release, still read as it is',
    'ucp',
  ),
  'agent.ucp_keys_nested': finding(
    'A UCP 2026-08-25 profile keeps its signing keys in ucp.signing_keys',
    'Move the signing keys to keys at the document root (a JWK set), where 2026-08-25 readers take them.',
    'ucp',
  ),
  'agent.ucp_keys_invalid': finding(
    'The UCP signing keys at the root are not JWKs with kid and kty',
    'Give every key at the root a kid and a kty.',
    'ucp',
  ),
  'agent.dns_aid_ok': passing('A DNS-AID record names the agent endpoint', 'dns-aid'),
  'agent.dns_aid_none': finding(
    'No DNS-AID record',
    'Nothing to fix: a site whose agents are found another way does not need one.',
    'dns-aid',
  ),
  'agent.dns_aid_offline': finding(
    'DNS-AID not looked up: the scanner runs offline',
    'Nothing to fix on the site: scans that run with DNS look the record up.',
    'dns-aid',
  ),
  'agent.dns_aid_unreadable': finding(
    'The DNS-AID lookup failed',
    'Nothing to fix as far as we know: the TXT lookup failed this time. Scan again.',
    'dns-aid',
  ),
  'agent.dns_aid_multiple': finding(
    'More than one DNS-AID record',
    'Keep exactly one v=aid2 TXT record at _agent.<your host>.',
    'dns-aid',
  ),
  'agent.dns_aid_malformed': finding(
    'The DNS-AID record is malformed',
    'Publish "v=aid2;p=<protocol>;u=<endpoint URI>" at _agent.<your host>.',
    'dns-aid',
  ),
  'agent.acp_ok': passing('Agentic Commerce Protocol discovery is published', 'acp'),
  'agent.acp_invalid': finding(
    'ACP discovery lacks its protocol name or version',
    'Set protocol.name to "acp" and a protocol.version in /.well-known/acp.json.',
    'acp',
  ),
  'agent.x402_ok': passing('x402 v2 payment requirements', 'x402'),
  'agent.x402_v1': finding(
    'x402 v1 payment requirements',
    'Send the requirements base64-encoded in a PAYMENT-REQUIRED header (x402 v2).',
    'x402-v1',
  ),
  'agent.x402_malformed': finding(
    'A 402 answer with malformed x402 requirements',
    'Fix what the finding names in the PAYMENT-REQUIRED header (base64 JSON with x402Version 2 and accepts[]).',
    'x402',
  ),
  'agent.http_payment_auth': passing('HTTP Payment authentication is offered', 'httpauth-payment'),
} as const;

/** Every finding id of the agent check. */
export const AGENT_FINDINGS = {
  ...checkCommon('agent'),
  ...PROTOCOLS,
  ...DISCOVERY,
  ...ACTIONS,
};
