/**
 * Events as the dispatcher saw them: `EVENT#<id>` / `EVENT`, written once (conditional put, so a
 * message SQS delivers twice is recorded once); gsi1 lists an account's events by time.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventLog } from '#shared/domain/events/ports';
import { type DomainEvent, DomainEventSchema } from '#shared/domain/events/types';
import type { Db } from './client.ts';
import { GSI, KEYS } from './keys.ts';

export function createEventsRepository(doc: DynamoDBDocumentClient, tableName: string): EventLog {
  const db: Db = { doc, tableName };
  return {
    record: (event) => record(db, event),
    get: (id) => get(db, id),
  };
}

async function record(db: Db, event: DomainEvent): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.event(event.id),
          gsi1pk: GSI.accountEvents(event.account_id),
          gsi1sk: `${event.created_at}#${event.id}`,
          event,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function get(db: Db, id: string): Promise<DomainEvent | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.event(id) }),
  );
  return Item ? (DomainEventSchema.parse(Item.event) as DomainEvent) : undefined;
}
