/**
 * The scanner's User-Agent (docs/scan-engine.md "Safe fetch"): an honest, documented identity
 * that names the bot and links the page about it. Alone in its module so that the functions that
 * only name it (the key directory's) do not bundle the HTTP client.
 */

/** `AgentReadinessScanner/2.0 (+<base>/docs#scanner)`. */
export function scannerUserAgent(baseUrl: string): string {
  return `AgentReadinessScanner/2.0 (+${baseUrl}/docs#scanner)`;
}
