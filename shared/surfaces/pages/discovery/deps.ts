/**
 * What the discovery routes need beyond their request: the scanner's key directory, signed for
 * the authority it was asked on (built by shared/wiring/scanner-identity.ts).
 */
export interface DiscoveryDeps {
  keyDirectory(authority: string): Promise<{ body: string; headers: Record<string, string> }>;
}
