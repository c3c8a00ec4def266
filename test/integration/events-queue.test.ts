import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventsRepository } from '#shared/adapters/dynamodb/events-repository';
import { newEvent } from '#shared/domain/events/types';
import { getEventPublisher } from '#shared/wiring/events';
import { getStore } from '#shared/wiring/platform';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * The events queue end to end: a message published to SQS (fauxqs) is received by the local
 * poller and handled by the same SQS-event handler Lambda runs, which records the event once.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not there in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the events queue', () => {
  it('carries a published event through the real handler into the store, once', async () => {
    const publisher = getEventPublisher();
    if (!publisher) throw new Error('the local stack configures the events queue');
    const event = newEvent(
      'scan.completed',
      'account-1',
      { scan_id: crypto.randomUUID() },
      new Date(),
    );
    await publisher.publish(event);
    await publisher.publish(event);
    const { doc, tableName } = getStore();
    const log = createEventsRepository(doc, tableName);
    const recorded = await eventually(() => log.get(event.id));
    expect(recorded).toEqual(event);
    // The duplicate was handled too (no redelivery left in the queue) and recorded nothing new.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await log.record(event)).toBe(false);
  });
});
