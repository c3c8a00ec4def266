/**
 * The local mail port: messages are kept in this process (the local stack runs every handler in
 * its own process) and handed to whoever listens: `npm start` prints them, tests read them.
 * Nothing is sent anywhere. The wiring makes one per wiring (shared/wiring/mail.ts).
 */
import type { MailMessage, MailPort } from '#shared/domain/accounts/mail-port';

export interface OutboxEntry extends MailMessage {
  sent_at: string;
}

export interface Outbox extends MailPort {
  /** The messages kept (the latest 100), oldest first. */
  messages(): readonly OutboxEntry[];
  /** Calls `listener` for every message from now on; returns the unsubscribe. */
  subscribe(listener: (entry: OutboxEntry) => void): () => void;
  clear(): void;
  /** Drops the messages and the listeners: the outbox is done with. */
  close(): void;
}

const KEPT_MESSAGES = 100;

export function createOutbox(now: () => Date = () => new Date()): Outbox {
  const entries: OutboxEntry[] = [];
  const listeners = new Set<(entry: OutboxEntry) => void>();
  return {
    async send(message) {
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
    close() {
      entries.length = 0;
      listeners.clear();
    },
  };
}
