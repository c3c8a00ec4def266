/**
 * What the discovery routes need beyond their request: the scanner's key directory, signed for
 * the authority it was asked on, and the visitor's free scans of today for the home page. The
 * discovery function's entry hands them in (`getDiscoveryDeps`).
 */
import type { AnonymousAllowance } from '#shared/domain/scans/anonymous-quota';

export interface DiscoveryDeps {
  keyDirectory(authority: string): Promise<{ body: string; headers: Record<string, string> }>;
  /** Free scans left today for this address; undefined when they cannot be read right now. */
  anonymousAllowance(sourceIp: string): Promise<AnonymousAllowance | undefined>;
}
