/**
 * The fetcher port: outbound HTTP to user-supplied targets as the scan engine and the scans
 * area use it. The guarded implementation is shared/adapters/http/safe-fetch.ts.
 */

/**
 * At most this many requests of one scan are in flight to one origin: enough for the whole
 * first wave (homepage plus fan-out) at once, and a bound a site owner can rely on. Over
 * HTTP/2 they share one connection.
 */
export const DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN = 16;

export interface SafeFetchRequest {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Budget for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Cap on the decoded body; the rest is dropped and `truncated` is set. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface SafeFetchResponse {
  /** The URL asked for. */
  url: string;
  /** The URL that produced the final answer, after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decoded (decompressed) body, at most `maxBytes` long. */
  body: Uint8Array;
  /** `body` as text, decoded with the charset of Content-Type (UTF-8 when unknown). */
  text: string;
  truncated: boolean;
  redirects: RedirectHop[];
  timing: { startedAt: number; durationMs: number };
}

export interface SafeFetcher {
  fetch(url: string, request: SafeFetchRequest): Promise<SafeFetchResponse>;
  close(): Promise<void>;
}
