/**
 * The drift log: what changed in a standard the scan judges against, when, and how the scan's
 * judgement changed with it (docs/scan-engine.md "Standards"; rendered at `/docs#drift`).
 * Entries are newest first. A change that only moves what satisfies a signal keeps
 * scoring_version 2; one that would change a check's point table would bump it and says so.
 */
import type { StandardId } from './standards.ts';

export interface DriftEntry {
  /** When the standard changed (the revision's date). */
  changed: string;
  /** When the scan followed it. */
  followed: string;
  standards: readonly StandardId[];
  what: string;
  judgement: string;
}

export const DRIFT_LOG: readonly DriftEntry[] = [
  {
    changed: '2026-09-18',
    followed: '2026-12-06',
    standards: ['lighthouse-agentic', 'ard', 'ai-catalog', 'llms-txt', 'webmcp'],
    what: 'Lighthouse 13.5.0 (npm, 2026-09-18) ships the Agentic Browsing category that PageSpeed Insights shows. Read in the published package: its ard-schema audit reads the robots.txt Agentmap line, then rel="ai-catalog" (element, then Link header), then /.well-known/ai-catalog.json, not ARD\'s /.well-known/ard.json (the docs page describes a later release), and validates what it finds against the AI Catalog schema of ard-spec b76f235 (only specVersion, host and entries at the root; identifier, displayName and type on every entry; errors score 0, warnings such as a missing representativeQueries or a type outside its list 0.9); llms-txt wants a heading line, a link and 50 characters and takes a 4xx as not applicable.',
    judgement:
      'Not scored: every scan now carries peers.lighthouse (pass, warn, fail, na per audit, computed from these rules) and an info finding where our verdict differs and why; our tests hold the computed verdicts to the real Lighthouse on fixture sites. Our own agent catalog now passes it. scoring_version stays 2.',
  },
  {
    changed: '2026-08-26',
    followed: '2026-12-06',
    standards: ['ard', 'ai-catalog', 'mcp-discovery'],
    what: 'ARD v0.91 (re-read): a consumer MUST fetch /.well-known/ard.json and honour rel="ard", looks at a robots.txt Agentmap line, and MAY read the predecessor (/.well-known/ai-catalog.json, rel="ai-catalog"). An ARD entry is not a catalog entry: it MUST carry identifier (urn:air), displayName, type and one of url or data, and SHOULD carry 2 to 5 representativeQueries (a warning, not an error, when missing).',
    judgement:
      'Each file is judged against its own text: ard.json and what an Agentmap line or rel="ard" names as ARD (displayName required, representativeQueries missing is a warning naming the entries, another count an info note), ai-catalog.json as the AI Catalog. Either valid file still earns the discovery signal in full; a site with only one is told, as information, which readers read the other path, and never to move. Catalog cards named off the well-known paths are followed too (a third round trip for such sites only). Same points (manifests 2).',
  },
  {
    changed: '2026-08-10',
    followed: '2026-12-06',
    standards: ['llms-txt', 'markdown-agents'],
    what: 'llms.txt v2, re-read: a page declares its markdown version with rel="alternate" type="text/markdown" (element or Link header) at page.md or page.html.md, and the llms.txt that covers it with rel="describedby"; a file in a subpath covers the pages under its path and the most specific file applies.',
    judgement:
      'A declared markdown version that answers markdown now earns the negotiation points without Accept negotiation (Vary is then not applicable); without a declaration both /index.html.md and /index.md are tried. An llms.txt in a subpath named by rel="describedby" is judged for its pages: with no /llms.txt it earns two thirds of the presence points and the finding asks for a root file; beside /llms.txt an info finding says which file covers which pages. What satisfies the signals moved, not the point table: scoring_version stays 2.',
  },
  {
    changed: '2026-08-25',
    followed: '2026-12-06',
    standards: ['ucp', 'x402', 'dns-aid'],
    what: "UCP 2026-08-25 moves the business profile's signing keys to keys at the document root (a JWK set) from ucp.signing_keys; x402 v2 payment requests (402 with PAYMENT-REQUIRED) now front whole pages on some CDNs; DNS-AID (AID v2, draft-nemethi-dawn-aid-00) names a domain's agent in a TXT record at _agent.<host>.",
    judgement:
      'Findings without points, as before: a 2026-08-25 profile with its keys at the root is good, one that keeps them under ucp.signing_keys a warning, 2026-04-08 profiles good as they are, older ones a warning. A page that answers 402 is paywalled for agents (environment.paywalled), never a broken site: the checks that needed it are not judged. DNS-AID is read where DNS allows; offline it is not applicable and the finding says so. scoring_version stays 2.',
  },
  {
    changed: '2026-10-09',
    followed: '2026-11-28',
    standards: ['web-bot-auth', 'rfc9421', 'rfc7638', 'webbotauth-registry'],
    what: 'draft-ietf-webbotauth-httpsig-protocol-01 makes every Signature-Agent member a direct JWK Set URL (a dictionary keyed by the signature label, which the signature covers as "signature-agent";key=...), requires keyid to be the JWK SHA-256 thumbprint and tag="web-bot-auth", and recommends that a key directory sign its own response ("@authority";req and Content-Digest, tag http-message-signatures-directory); registry-04 makes the Signature Agent Card OAuth client metadata with a web_bot_auth object.',
    judgement:
      'No site is scored on it: the scanner itself now signs every request (single scans, batches, cited-site scans) with an Ed25519 key, publishes its signed key directory and a Signature Agent Card, and names them in its AI Catalog and robots.txt comments (/docs#scanner).',
  },
  {
    changed: '2026-08-26',
    followed: '2026-11-28',
    standards: ['ard', 'ai-catalog', 'mcp-discovery'],
    what: 'ARD v0.91 names /.well-known/ard.json (rel="ard") its path and keeps /.well-known/ai-catalog.json (rel="ai-catalog") as a predecessor consumers may read; the MCP discovery draft and the AI Catalog spec keep /.well-known/ai-catalog.json. A robots.txt Agentmap: line names an entry source. The two paths are contested.',
    judgement:
      'A valid catalog at either path earns the discovery signal in full and neither is told to move (ard.json needs entries, the AI Catalog also specVersion); MCP Server Card entries are followed from both. Agentmap lines and rel links are reported as hints, and a catalog they name elsewhere on the site counts too. Same points (manifests 2).',
  },
  {
    changed: '2026-05-28',
    followed: '2026-11-28',
    standards: ['a2a', 'rfc8785'],
    what: 'A2A 1.0.1 serves the Agent Card as application/a2a+json and lets it carry signatures[]: JWS (RFC 7515) over the card canonicalised with RFC 8785 without signatures, the key in the protected header (jwk, or jku and kid).',
    judgement:
      "A card served as application/json keeps full credit with a note naming application/a2a+json. Each signature is verified (key from jwk, or from jku on the card's own origin, fetched like a well-known document): one that does not verify is bad and costs a third of the card's points; one whose key cannot be had is a warning; an unsigned card is fine. Same points (a2a 3).",
  },
  {
    changed: '2026-10-30',
    followed: '2026-11-28',
    standards: ['aipref-vocab', 'aipref-training'],
    what: 'draft-ietf-aipref-vocab-08 keeps the labels the scan reads; draft-kelley-aipref-training-preference-signal-00 states training preferences as robots.txt groups keyed by a purpose token instead of a crawler name. (Both known from secondary sources: the texts themselves could not be reached from here.)',
    judgement:
      'A group for train-ai or search counts as a declared AI usage policy (explicit-policy) with an info finding; it is never reported as blocking a crawler, since no crawler carries that token. Same points.',
  },
  {
    changed: '2026-10',
    followed: '2026-11-28',
    standards: ['auth-md', 'x402', 'x402-v1', 'httpauth-payment', 'ucp', 'acp'],
    what: 'auth.md v1 (an H1 naming it, at /auth.md; agent_auth in authorization-server metadata), x402 v2 (PAYMENT-REQUIRED, base64 JSON, x402Version 2; v1 kept its requirements in the body), the HTTP Payment authentication scheme, UCP 2026-04-08 (/.well-known/ucp, ucp.version) and the ACP discovery proposal (/.well-known/acp.json) say how an agent gets credentials, pays and shops.',
    judgement:
      'Reported in the agent check as findings without points: good when published in the current form, a warning for x402 v1 or an older UCP version, bad when malformed, and one info finding when absent (a site that does not sell to agents or let them sign up needs none of it). The point table is unchanged: scoring_version 2.',
  },
  {
    changed: '2026-08',
    followed: '2026-11-28',
    standards: ['llms-txt'],
    what: 'llms.txt v2: pages point at their markdown with rel="alternate" type="text/markdown" and at the llms.txt that covers them with rel="describedby" (link element or Link header); a markdown version may be page.md or page.html.md; a file in a subpath covers the pages under it; the Optional section loses its special meaning.',
    judgement:
      'No change needed: the scan already credits rel="describedby", follows the markdown alternate whatever its extension, and counts Optional like any other section. Same points (llms 8).',
  },
  {
    changed: '2026-07-28',
    followed: '2026-11-28',
    standards: ['mcp-protocol', 'mcp-discovery'],
    what: 'MCP 2026-07-28 is stateless: every server must answer server/discover, the request any client sends first.',
    judgement:
      "Considered and declined: the scan still does not POST to the endpoint a Server Card names. It would be a third dependent round trip (catalog, card, endpoint), the first non-GET request the scanner sends to someone else's server, and the domain owner did not ask for the scan. The live signal stays unverifiable (half of 1 point).",
  },
  {
    changed: '2025-04',
    followed: '2026-11-25',
    standards: ['rfc9728', 'rfc8414'],
    what: 'RFC 9728 makes authorization_servers OPTIONAL (§2: in some uses the set "will not be enumerable"); bearer_methods_supported says how a bearer token is sent (header, body, query). A resource whose bearer tokens are API keys issued outside OAuth can describe itself truthfully without naming an authorization server.',
    judgement:
      'Protected-resource metadata that names this origin and bearer_methods_supported but no authorization_servers is full credit (before: "authorization_servers is empty", a quarter); the authorization-server metadata signal is then not applicable (info) instead of a failure. Metadata that names neither, or an empty authorization_servers array, is still a precise finding. Same points (prm 2, auth-server 2).',
  },
  {
    changed: '2026-07-21',
    followed: '2026-11-25',
    standards: ['a2a', 'mcp-discovery'],
    what: 'A2A 1.0 describes an agent that takes tasks from other agents; an MCP Server Card describes a server of tools an agent calls. Neither text asks a service of one kind to publish the other (the standards did not change here; the scan reading of them was corrected).',
    judgement:
      'A site whose usable card of one protocol (an MCP card naming its server and endpoint, or an A2A card with name, endpoint and skills) is published is no longer told to add the other: the missing card is not applicable (info) instead of a warning. A site with neither is still expected to publish one; a published card of either is always scored. Same points (mcp 4 + 1, a2a 3).',
  },
  {
    changed: '2026-11-25',
    followed: '2026-11-25',
    standards: ['schema-org', 'wikidata'],
    what: 'schema.org sameAs and Wikidata P856 (official website) tie an entity to pages on the public web; an origin on a loopback or private address, or with a local name, cannot be named by any public profile or knowledge-graph item (no standard changed; the scan rule was corrected on this date).',
    judgement:
      'On such an origin (reachable only when the scanner is told to reach private targets) a page without sameAs makes the entity check not applicable instead of four failures; sameAs links it does publish are still scored. Public origins are judged as before.',
  },
  {
    changed: '2026-08-19',
    followed: '2026-11-25',
    standards: ['aipref-attach', 'aipref-vocab', 'rfc9651'],
    what: 'draft-ietf-aipref-attach-05 attaches Content-Usage to robots.txt groups (with an optional path) and defines a Content-Usage HTTP header; draft-ietf-aipref-vocab-07 keeps the labels train-ai and search with the tokens y and n, in an RFC 9651 dictionary.',
    judgement:
      'Content-Usage in robots.txt and in the homepage header is parsed as an RFC 9651 dictionary: a value that does not parse is a precise finding and does not count as a declared policy; unknown labels or values are named (they mean "unknown preference"). Same points (explicit-policy, 2).',
  },
  {
    changed: '2026-07-20',
    followed: '2026-11-25',
    standards: ['mcp-discovery', 'ai-catalog', 'mcp-catalog'],
    what: 'The MCP discovery draft (experimental-ext-server-card #42) replaced the MCP Catalog at /.well-known/mcp/catalog.json with the AI Catalog at /.well-known/ai-catalog.json; entries of type application/mcp-server-card+json point at the Server Card, fetched with that media type in Accept; hosted cards must send CORS headers (ETag recommended since 2026-07-24).',
    judgement:
      'The scan reads /.well-known/ai-catalog.json first, then /.well-known/mcp/catalog.json (credited, with a note naming the AI Catalog), and fetches the card from the entry url with Accept: application/mcp-server-card+json. A card missing CORS gets a warning. A valid AI Catalog also earns the agent-manifest signal. Same points (mcp-card 4, manifests 2).',
  },
  {
    changed: '2026-07-13',
    followed: '2026-11-25',
    standards: ['mcp-discovery', 'mcp-card-well-known'],
    what: 'The discovery draft recommends against a server card under /.well-known (earlier drafts used /.well-known/mcp.json, then /.well-known/mcp/server-card.json); the reserved default is <streamable-http-url>/server-card.',
    judgement:
      'A card found only at a /.well-known path keeps its full credit, with a warning naming the current location (an AI Catalog entry pointing at the card). It was called the "current path" before.',
  },
  {
    changed: '2026-07-21',
    followed: '2026-11-25',
    standards: ['a2a', 'a2a-0.3'],
    what: 'A2A 1.0 requires name, description, supportedInterfaces[] (url, protocolBinding, protocolVersion), version, capabilities, defaultInputModes, defaultOutputModes and skills; the v0.3 shape (top-level url, preferredTransport, protocolVersion) is legacy.',
    judgement:
      'A card with every 1.0 member is full credit; a complete v0.3 card keeps full credit with a warning to move to supportedInterfaces; a card missing members names each one (a third of the points, as before).',
  },
  {
    changed: '2026-10',
    followed: '2026-11-25',
    standards: ['webmcp', 'webmcp-navigator'],
    what: 'WebMCP: document.modelContext.registerTool is the canonical imperative API; navigator.modelContext is a deprecated alias; declarative tools are <form toolname tooldescription> in static HTML.',
    judgement:
      'document.modelContext registration or a declarative tool form in the static HTML earns the manifest signal in full; navigator.modelContext still earns it, with a deprecation warning. Same points (2).',
  },
  {
    changed: '2026-04-01',
    followed: '2026-11-25',
    standards: ['rfc9309'],
    what: 'google/robotstxt vector ID_UTF8ByteOrderMarkIsSkipped: a byte-order mark is skipped only at the start of the file (a partial BOM there too); in the middle of the file it makes its line unknown.',
    judgement:
      'The parser no longer trims a BOM inside the file as whitespace: that line is ignored, as Google does, and the lint finding names it.',
  },
  {
    changed: '2025-12-10',
    followed: '2026-11-25',
    standards: ['rsl', 'content-signals'],
    what: 'RSL 1.0 adds a global License: directive to robots.txt pointing at an RSL license; Content-Signal also travels as an HTTP header (Cloudflare markdown for agents sends it).',
    judgement:
      'A License: line is recognised as a declared usage policy (explicit-policy); a valid Content-Signal header on the homepage satisfies the content-signal point when robots.txt has none, with a note to add it to robots.txt too.',
  },
];
