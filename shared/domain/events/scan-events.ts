/**
 * The scans' domain events: the `scan.completed` event of a saved scan, and the scan events port
 * that publishes it.
 */

import type { Clock } from '#shared/domain/kernel/clock';
import { nameBasedUuid } from '#shared/domain/kernel/ids';
import type { ScanEvents, StoredScan } from '#shared/domain/scans/ports';
import type { EventPublisher } from './ports.ts';
import type { DomainEvent } from './types.ts';

/**
 * `scan.completed` for every saved scan of an account (a keyed single scan, an MCP scan, a
 * batch row); the scan service calls it only for scans with an owner, so anonymous scans emit
 * nothing. The event id is derived from the scan id: the same scan can never become two events,
 * so a receiver never gets it twice under two ids.
 */
export function scanCompletedEvent(
  scan: StoredScan & { owner_id: string },
  now: Date,
): DomainEvent {
  return {
    id: nameBasedUuid(`scan.completed:${scan.id}`),
    type: 'scan.completed',
    created_at: now.toISOString(),
    account_id: scan.owner_id,
    data: {
      scan: {
        id: scan.id,
        domain: scan.domain,
        score: scan.score,
        scoring_version: scan.scoring_version,
        created_at: scan.created_at,
      },
    },
  };
}

/** The scan events port over the events publisher; a scan without an owner emits nothing. */
export function createScanEvents(publisher: EventPublisher, clock: Clock): ScanEvents {
  return {
    async scanCompleted(scan) {
      if (!scan.owner_id) return;
      await publisher.publish(
        scanCompletedEvent({ ...scan, owner_id: scan.owner_id }, clock.now()),
      );
    },
  };
}
