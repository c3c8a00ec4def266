/**
 * Scans a visitor made before signing up are kept (issue 36 point 2, docs/dashboard.md "A way
 * in"). The home page's box marks each anonymous scan with the SHA-256 of a random token its
 * browser holds in a cookie, and the cookie lists the scans' ids. When that browser starts a
 * session, each listed scan whose mark matches the token, that nobody owns and that was made
 * before the account existed becomes the account's: it joins its scan and domain history. A
 * listed id without the token's mark is refused, so nobody can claim another browser's scans,
 * and an account older than a scan (someone else signing in on a shared computer) takes none.
 * Each claim is one conditional write plus an idempotent history record, so a claim cut short
 * by a crash is finished by the next session start of that browser.
 */
import { sha256Hex } from '#shared/domain/kernel/hash';

/** The most scans one browser carries (its newest). */
export const BROWSER_SCANS_LIMIT = 20;

/** How a scan is marked for the browser that holds `token`. */
export function claimHashOf(token: string): string {
  return sha256Hex(`browser-scans:${token}`);
}

/** What claiming needs of the scan store. */
export interface ScanClaims {
  /**
   * Makes the scan the owner's if its mark is `claimHash`, it has no owner and it was made
   * before `createdBefore` (or is the owner's already), and records it in the owner's history.
   * False when it is not this browser's to claim.
   */
  claimScan(
    scanId: string,
    ownerId: string,
    claimHash: string,
    createdBefore: string,
  ): Promise<boolean>;
}

/** The browser's scans made the account's; the number taken. */
export async function claimBrowserScans(
  input: { ownerId: string; ownerCreatedAt: string; token: string; scanIds: readonly string[] },
  deps: { claims: ScanClaims },
): Promise<number> {
  const hash = claimHashOf(input.token);
  let claimed = 0;
  for (const id of [...new Set(input.scanIds)].slice(-BROWSER_SCANS_LIMIT)) {
    if (await deps.claims.claimScan(id, input.ownerId, hash, input.ownerCreatedAt)) claimed += 1;
  }
  return claimed;
}
