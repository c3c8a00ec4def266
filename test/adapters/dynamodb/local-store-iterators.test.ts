/**
 * The local store closes the LevelDB iterator of every Query and Scan once dynalite is done with
 * it (local/dynalite-iterators.ts): before, each one stayed open and pinned native memory, which
 * the soak benchmark saw as growth with every scan.
 */
import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commonIteratorPrototype } from '#local/dynalite-iterators';
import { startTestTable, type TestTable } from '#test/support/dynamo';

let table: TestTable;
beforeAll(async () => {
  table = await startTestTable();
  for (let index = 0; index < 12; index += 1) {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { pk: 'ITER#1', sk: `ITEM#${String(index).padStart(2, '0')}` },
      }),
    );
  }
});
afterAll(() => table.close());

describe('the local store (dynalite)', () => {
  it('closes the iterator of every Query and Scan, also one stopped by its Limit', async () => {
    const close = vi.spyOn(commonIteratorPrototype(), 'close');
    try {
      const requests = 20;
      for (let round = 0; round < requests / 2; round += 1) {
        const page = await table.doc.send(
          new QueryCommand({
            TableName: table.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': 'ITER#1' },
            Limit: 2,
          }),
        );
        expect(page.Items).toHaveLength(2);
        await table.doc.send(new ScanCommand({ TableName: table.tableName, Limit: 3 }));
      }
      // dynalite closes a stream's iterator right after the stream ends, just after it answers.
      await vi.waitFor(() => expect(close.mock.calls.length).toBeGreaterThanOrEqual(requests), {
        timeout: 5_000,
      });
    } finally {
      close.mockRestore();
    }
  });
});
