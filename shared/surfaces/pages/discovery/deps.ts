/**
 * What the discovery routes need beyond their request: the scanner's key directory, signed for
 * the authority it was asked on. The discovery function's entry hands it in
 * (`getDiscoveryDeps`).
 */
export interface DiscoveryDeps {
  keyDirectory(authority: string): Promise<{ body: string; headers: Record<string, string> }>;
}
