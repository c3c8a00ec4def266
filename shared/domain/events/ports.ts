/**
 * The events area's ports: where domain events are published, and what the dispatcher keeps of
 * the events it has seen.
 */
import type { Logger } from '#shared/domain/kernel/logger';
import type { DomainEvent } from './types.ts';

/** Where domain events are published: the events queue (SQS on AWS, fauxqs locally). */
export interface EventPublisher {
  publish(event: DomainEvent): Promise<void>;
}

/** What the dispatcher keeps of every event it has seen (idempotent on the event id). */
export interface EventLog {
  /** Records the event; false when it was recorded before (a redelivered message). */
  record(event: DomainEvent): Promise<boolean>;
  get(id: string): Promise<DomainEvent | undefined>;
}

/** The dispatcher's dependencies: the event log, the webhooks' delivery start, the logger. */
export interface DispatchDeps {
  log: EventLog;
  logger: Logger;
  /** Starts the event's webhook deliveries; idempotent per event. */
  deliver(event: DomainEvent): Promise<{ deliveries: number }>;
  /**
   * What other areas do once the event is recorded and delivered (the alerts after a finished
   * run); each idempotent per event, since a message may come again.
   */
  followUps?: readonly ((event: DomainEvent) => Promise<unknown>)[];
}
