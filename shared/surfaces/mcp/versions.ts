/**
 * Who the tool server is and which protocol revisions it serves (docs/api.md "Tool server
 * (MCP)"), in a module of its own so that the discovery documents (server card, AI Catalog) can
 * name them without loading the MCP SDK.
 */

/** `serverInfo` of every answer; the server card's `version` is the same. */
export const SERVER_INFO = { name: 'agent-readiness', version: '1.2.0' } as const;

/** This year's revision: stateless, `_meta` on every request, `server/discover`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The last revision with the `initialize` handshake (the newest of the handshake revisions). */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';

/**
 * Every handshake revision the official SDK serves (its `SUPPORTED_PROTOCOL_VERSIONS`, which a
 * unit test holds this list to), newest first. A client that initializes with one of them is
 * answered in it, as the MCP lifecycle's version negotiation requires (issue 36 point 5): many
 * clients in use still speak 2025-06-18 or 2025-03-26.
 */
export const HANDSHAKE_PROTOCOL_VERSIONS = [
  LEGACY_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
] as const;
/**
 * How long a client (or a shared cache) may keep the tool list and the discovery answer
 * (2026-07-28 `ttlMs`; `cacheScope` is `public`): they change only with a deployment and are the
 * same for every caller.
 */
export const TOOL_LIST_TTL_MS = 60 * 60 * 1000;

/** Every revision served, newest first: what an unsupported-version error and the discovery documents list. */
export const SERVED_PROTOCOL_VERSIONS = [
  MODERN_PROTOCOL_VERSION,
  ...HANDSHAKE_PROTOCOL_VERSIONS,
] as const;
