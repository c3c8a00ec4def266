import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { SCORING_VERSION } from '#shared/domain/scan-engine/types';
import type { ScanEvents, ScanStore, StatsStore, StoredScan } from '#shared/domain/scans/ports';
import { createScanService } from '#shared/domain/scans/service';
import { sweepAbandonedScans } from '#shared/domain/scans/sweep';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/**
 * Issue 18, finding 1: a scan's side effects (its stats count and its `scan.completed` event)
 * happen exactly once per scan id, even when the process dies between the scan row and the
 * effects and the step is retried. "Death" is a dependency that never answers: the first
 * service call hangs there forever, as a killed process would, and a fresh service (the restarted
 * process, or the retried Step Functions task) scans the same id again, over the same store.
 */
let table: TestTable;
let site: RunningFixtureSite;
const TABLE = 'scan-effects-test';
const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });

beforeAll(async () => {
  table = await startTestTable(TABLE);
  site = await startFixtureSite('good');
});
afterAll(async () => {
  await fetcher.close();
  await site?.close();
  await table?.close();
});

const never = <T>() => new Promise<T>(() => undefined);

function recordingEvents(): ScanEvents & { ids: string[] } {
  const ids: string[] = [];
  return {
    ids,
    async scanCompleted(scan) {
      ids.push(scan.id);
    },
  };
}

function service(overrides: { stats?: StatsStore; events?: ScanEvents; scans?: ScanStore } = {}) {
  return createScanService({
    scans: overrides.scans ?? createScansRepository(table.doc, TABLE),
    stats: overrides.stats ?? createStatsRepository(table.doc, TABLE),
    quotas: createQuotaRepository(table.doc, TABLE),
    fetcher,
    allowPrivateTargets: true,
    anonymousScansPerDay: 3,
    scanDeadlineMs: 10_000,
    clock: systemClock,
    logger,
    ...(overrides.events ? { events: overrides.events } : {}),
  });
}

async function waitForScan(id: string): Promise<StoredScan> {
  const scans = createScansRepository(table.doc, TABLE);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const scan = await scans.getScan(id);
    if (scan) return scan;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`scan ${id} was never saved`);
}

async function scansCounted(version: number): Promise<number> {
  return (await createStatsRepository(table.doc, TABLE).readCounters(version)).scans;
}

describe('scan side effects after a crash', () => {
  it('counts and announces a scan once when the process died after saving it, before its effects', async () => {
    const id = crypto.randomUUID();
    const request = { domain: site.url, ownerId: 'account-1', sourceIp: 'batch', id };
    const dying = service({
      stats: {
        recordScan: () => never(),
        prefetchRecord: () => never(),
        forgetScan: () => never(),
        readCounters: () => never(),
      },
      events: { scanCompleted: () => never() },
    });
    void dying.scan(request);
    const saved = await waitForScan(id);
    const before = await scansCounted(saved.scoring_version);

    const events = recordingEvents();
    const restarted = service({ events });
    await restarted.scan(request);
    await restarted.scan(request);
    expect((await scansCounted(saved.scoring_version)) - before).toBe(1);
    expect(new Set(events.ids)).toEqual(new Set([id]));
  });

  it('does not count a scan twice when the process died after counting it, before it was settled', async () => {
    const id = crypto.randomUUID();
    const request = { domain: site.url, ownerId: 'account-1', sourceIp: 'batch', id };
    const real = createStatsRepository(table.doc, TABLE);
    let counted = false;
    const dying = service({
      stats: {
        ...real,
        async recordScan(scan) {
          await real.recordScan(scan);
          counted = true;
        },
      },
      events: { scanCompleted: () => never() },
    });
    const before = await scansCounted(SCORING_VERSION);
    void dying.scan(request);
    const saved = await waitForScan(id);
    for (let attempt = 0; attempt < 200 && !counted; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(counted).toBe(true);

    const events = recordingEvents();
    await service({ events }).scan(request);
    await service({ events }).scan(request);
    expect((await scansCounted(saved.scoring_version)) - before).toBe(1);
    // The event id is derived from the scan id, so a second publication is the same event.
    expect(new Set(events.ids)).toEqual(new Set([id]));
  });
});

describe('the scan index after a crash (issue 37: written beside the effects)', () => {
  it('points and records the history once when the process died after saving the row', async () => {
    const id = crypto.randomUUID();
    const ownerId = `account-${id.slice(0, 8)}`;
    const request = { domain: site.url, ownerId, sourceIp: 'batch', id };
    const real = createScansRepository(table.doc, TABLE);
    const dying = service({ scans: { ...real, indexScan: () => never() } });
    void dying.scan(request);
    const saved = await waitForScan(id);

    await service().scan(request);
    await service().scan(request);
    expect((await real.latestByDomain(saved.domain))?.id).toBe(id);
    const history = await real.listDomainScans(ownerId, saved.domain, 10);
    expect(history.scans.map((scan) => scan.id)).toEqual([id]);
  });
});

describe('the unsettled-scans outbox', () => {
  it('finishes the effects of scans a dead process left unsettled, once, and then lists none', async () => {
    const id = crypto.randomUUID();
    const dying = service({
      stats: {
        recordScan: () => never(),
        prefetchRecord: () => never(),
        forgetScan: () => never(),
        readCounters: () => never(),
      },
    });
    void dying.scan({ domain: site.url, ownerId: 'account-2', sourceIp: 'batch', id });
    const saved = await waitForScan(id);
    const before = await scansCounted(saved.scoring_version);

    const events = recordingEvents();
    const restarted = service({ events });
    expect(await restarted.settleUnsettled()).toContain(id);
    expect(await restarted.settleUnsettled()).not.toContain(id);
    expect((await scansCounted(saved.scoring_version)) - before).toBe(1);
    expect(events.ids.filter((eventScan) => eventScan === id)).toHaveLength(1);
    // The outbox markers never reach a reader.
    expect(Object.keys(saved)).not.toContain('effects_pending');
  });

  it('still sends scan.completed when the queue refuses the first sends', async () => {
    const sent: string[] = [];
    let refusals = 2;
    const flaky: ScanEvents = {
      async scanCompleted(scan) {
        if (refusals > 0) {
          refusals -= 1;
          throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
        }
        sent.push(scan.id);
      },
    };
    const scans = createScanService({
      scans: createScansRepository(table.doc, TABLE),
      stats: createStatsRepository(table.doc, TABLE),
      quotas: createQuotaRepository(table.doc, TABLE),
      fetcher,
      allowPrivateTargets: true,
      anonymousScansPerDay: 3,
      scanDeadlineMs: 10_000,
      clock: systemClock,
      logger,
      events: flaky,
      announceBackoffMs: 1,
    });
    const scan = await scans.scan({ domain: site.url, ownerId: 'account-3', sourceIp: '::1' });
    expect(sent).toEqual([scan.id]);
    const record = await createScansRepository(table.doc, TABLE).getScanRecord(scan.id);
    expect(record?.unsettled).toBe(false);
  });
});

describe('the sweep of abandoned scans', () => {
  const minutesBefore = (now: Date, minutes: number) =>
    new Date(now.getTime() - minutes * 60_000).toISOString();

  /** A scan row as a process that died right after saving it leaves it: unsettled. */
  async function plantUnsettled(savedAt: string): Promise<string> {
    const id = crypto.randomUUID();
    const saved = await createScansRepository(table.doc, TABLE).putScan({
      id,
      domain: `${id.slice(0, 8)}.sweep.example`,
      score: 50,
      scoring_version: SCORING_VERSION,
      created_at: savedAt,
      checks: [],
      owner_id: 'account-sweep',
    });
    expect(saved).toBe(true);
    return id;
  }

  it('settles a scan saved 20 minutes ago once, and leaves one saved a minute ago to the process that may still be settling it', async () => {
    const now = new Date();
    const abandoned = await plantUnsettled(minutesBefore(now, 20));
    const recent = await plantUnsettled(minutesBefore(now, 1));
    const before = await scansCounted(SCORING_VERSION);
    const events = recordingEvents();

    const first = await sweepAbandonedScans(service({ events }), now);
    expect(first.saved_before).toBe(minutesBefore(now, 16));
    expect(first.scans).toContain(abandoned);
    expect(first.scans).not.toContain(recent);
    const second = await sweepAbandonedScans(service({ events }), now);
    expect(second.scans).not.toContain(abandoned);

    expect((await scansCounted(SCORING_VERSION)) - before).toBe(1);
    expect(events.ids.filter((id) => id === abandoned)).toHaveLength(1);
    expect(events.ids).not.toContain(recent);
    const records = createScansRepository(table.doc, TABLE);
    expect((await records.getScanRecord(abandoned))?.unsettled).toBe(false);
    expect((await records.getScanRecord(recent))?.unsettled).toBe(true);
  });
});
