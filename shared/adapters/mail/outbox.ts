/**
 * The local mail port: messages are kept in this process (the local stack runs every handler in
 * its own process) and handed to whoever listens: `npm start` prints them, tests read them.
 * Nothing is sent anywhere. The wiring makes one per wiring (shared/wiring/mail.ts).
 */
import type { MailMessage, MailPort } from '#shared/domain/accounts/mail-port';
import { UnavailableError } from '#shared/domain/kernel/errors';

export interface OutboxEntry extends MailMessage {
  sent_at: string;
}

export interface Outbox extends MailPort {
  /** The messages kept (the latest 100), oldest first. */
  messages(): readonly OutboxEntry[];
  /** Calls `listener` for every message from now on; returns the unsubscribe. */
  subscribe(listener: (entry: OutboxEntry) => void): () => void;
  clear(): void;
  /**
   * Tests only (a fault, never a mock of the outbox): the next `count` sends are refused as a
   * mail service outage would be, so retries can be watched.
   */
  failNext(count: number): void;
  /** Drops the messages and the listeners: the outbox is done with. */
  close(): void;
}

const KEPT_MESSAGES = 100;

export function createOutbox(now: () => Date = () => new Date()): Outbox {
  const entries: OutboxEntry[] = [];
  const listeners = new Set<(entry: OutboxEntry) => void>();
  let failures = 0;
  return {
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new UnavailableError(
          'service_unavailable',
          'The outbox refused the mail (a fault injected by a test).',
        );
      }
      const entry = { ...message, sent_at: now().toISOString() };
      entries.push(entry);
      if (entries.length > KEPT_MESSAGES) entries.shift();
      for (const listener of listeners) listener(entry);
    },
    messages: () => [...entries],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      entries.length = 0;
    },
    failNext(count) {
      failures = count;
    },
    close() {
      entries.length = 0;
      listeners.clear();
    },
  };
}
