import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalDynamoClient, ensureTable, startDynalite } from '#local/dynamo-local';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';

/** A fresh in-memory dynalite with the service's table, for tests of the store layer. */
export interface TestTable {
  doc: DynamoDBDocumentClient;
  tableName: string;
  close(): Promise<void>;
}

export async function startTestTable(tableName = 'test-table'): Promise<TestTable> {
  const dynamo = await startDynalite(null);
  const raw = createLocalDynamoClient(dynamo.endpoint);
  await ensureTable(raw, tableName);
  raw.destroy();
  const doc = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
  return {
    doc,
    tableName,
    async close() {
      doc.destroy();
      await dynamo.close();
    },
  };
}
