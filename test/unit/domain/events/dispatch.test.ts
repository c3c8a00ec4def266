import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { dispatchEvent } from '#shared/domain/events/operations';
import type { DispatchDeps } from '#shared/domain/events/ports';
import { createScanEvents, scanCompletedEvent } from '#shared/domain/events/scan-events';
import { type DomainEvent, DomainEventSchema, newEvent } from '#shared/domain/events/types';
import type { StoredScan } from '#shared/domain/scans/ports';
import { EVENT_PAYLOAD_SCHEMAS, eventBody } from '#shared/domain/webhooks/payloads';
import { type RecordingLogger, recordingLogger } from '#test/support/logger';

/** The dispatcher's handling of one message, and scan.completed as the scan service emits it. */
function fakes(): DispatchDeps & {
  recorded: string[];
  delivered: string[];
  logger: RecordingLogger;
} {
  const recorded: string[] = [];
  const delivered: string[] = [];
  return {
    recorded,
    delivered,
    log: {
      async record(event) {
        const first = !recorded.includes(event.id);
        recorded.push(event.id);
        return first;
      },
      get: async () => undefined,
    },
    async deliver(event) {
      delivered.push(event.id);
      return { deliveries: 1 };
    },
    logger: recordingLogger(),
  };
}

describe('dispatchEvent', () => {
  it('records the event and hands it to the webhooks, also when SQS delivers it again', async () => {
    const deps = fakes();
    const event = newEvent('run.completed', 'account-1', { case_id: 'c' }, new Date());
    await dispatchEvent(JSON.stringify(event), deps);
    await dispatchEvent(JSON.stringify(event), deps);
    expect(deps.recorded).toEqual([event.id, event.id]);
    // The webhooks are idempotent per event; a second pass finishes what a first may have left.
    expect(deps.delivered).toEqual([event.id, event.id]);
  });

  it('drops a message that is not an event without failing it', async () => {
    const deps = fakes();
    await dispatchEvent('not json', deps);
    await dispatchEvent(JSON.stringify({ id: 'x', type: 'scan.deleted' }), deps);
    expect(deps.recorded).toEqual([]);
    expect(deps.delivered).toEqual([]);
    expect(deps.logger.at('error').map((line) => line.message)).toEqual([
      'dropped a message that is not an event',
      'dropped a message that is not an event',
    ]);
  });

  it('lets a failing delivery fail the message, so SQS retries it', async () => {
    const deps = fakes();
    deps.deliver = async () => {
      throw new Error('workflow service down');
    };
    const event = newEvent('scan.completed', 'account-1', {}, new Date());
    await expect(dispatchEvent(JSON.stringify(event), deps)).rejects.toThrow('down');
  });
});

describe('scan.completed', () => {
  const scan: StoredScan = {
    id: '7d4c0b9e-0f2a-4c1e-9a55-3c2b1a0f9e8d',
    domain: 'example.com',
    score: 87,
    scoring_version: 2,
    created_at: '2026-03-01T11:59:58.000Z',
    checks: [],
    owner_id: 'account-1',
  };

  it('is a valid event whose body matches the published payload schema, without the account', () => {
    const event = scanCompletedEvent({ ...scan, owner_id: 'account-1' }, new Date());
    expect(DomainEventSchema.parse(event)).toEqual(event);
    const body = JSON.parse(eventBody(event));
    expect(body).not.toHaveProperty('account_id');
    expect(EVENT_PAYLOAD_SCHEMAS['scan.completed'].parse(body)).toEqual(body);
    expect(body.data.scan).toEqual({
      id: scan.id,
      domain: 'example.com',
      score: 87,
      scoring_version: 2,
      created_at: scan.created_at,
    });
  });

  it('has an id derived from the scan, so one scan never becomes two events', () => {
    const first = scanCompletedEvent({ ...scan, owner_id: 'a' }, new Date(0));
    const again = scanCompletedEvent({ ...scan, owner_id: 'a' }, new Date(1000));
    const other = scanCompletedEvent(
      { ...scan, id: crypto.randomUUID(), owner_id: 'a' },
      new Date(0),
    );
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('is published for a scan with an owner and never for an anonymous one', async () => {
    const published: DomainEvent[] = [];
    const events = createScanEvents(
      { publish: async (event) => void published.push(event) },
      systemClock,
    );
    await events.scanCompleted(scan);
    const { owner_id: _owner, ...anonymous } = scan;
    await events.scanCompleted(anonymous);
    expect(published.map((event) => [event.type, event.account_id])).toEqual([
      ['scan.completed', 'account-1'],
    ]);
  });
});
