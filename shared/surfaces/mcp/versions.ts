/**
 * Who the tool server is and which protocol revisions it serves (docs/api.md "Tool server
 * (MCP)"), in a module of its own so that the discovery documents (server card, AI Catalog) can
 * name them without loading the MCP SDK.
 */

/** `serverInfo` of every answer; the server card's `version` is the same. */
export const SERVER_INFO = { name: 'agent-readiness', version: '1.2.0' } as const;

/** This year's revision: stateless, `_meta` on every request, `server/discover`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The last revision with the `initialize` handshake; older 2025 clients are offered it. */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';
/**
 * How long a client (or a shared cache) may keep the tool list and the discovery answer
 * (2026-07-28 `ttlMs`; `cacheScope` is `public`): they change only with a deployment and are the
 * same for every caller.
 */
export const TOOL_LIST_TTL_MS = 60 * 60 * 1000;

/** Both, newest first: the versions an unsupported-version error and the discovery documents list. */
export const SERVED_PROTOCOL_VERSIONS = [MODERN_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION] as const;
