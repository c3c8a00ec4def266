import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StatsCounters, StatsStore } from '#shared/domain/scans/ports';
import { KEYS } from './keys.ts';

/**
 * Stats in O(1) (DESIGN.md section 5): one counters item per scoring version, updated on every
 * scan write, so `/stats` is a single GetItem however many scans exist.
 * - `STATS#v<n>` / `COUNTERS`: `scans`, `domains`, `h<score>` (101-bucket histogram, so the
 *   median is exact), `bad_<check>` and `updated_at`.
 * - `STATS#v<n>#DOMAIN#<sha256>` / `SEEN`: first-seen marker; its conditional put decides
 *   whether a domain is new. Hashed so the aggregate items hold no domain names.
 */
export function createStatsRepository(doc: DynamoDBDocumentClient, tableName: string): StatsStore {
  const countersKey = KEYS.statsCounters;
  const markerKey = (version: number, domain: string) =>
    KEYS.statsDomainSeen(version, createHash('sha256').update(domain).digest('hex'));

  async function markDomainSeen(version: number, domain: string): Promise<boolean> {
    try {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: markerKey(version, domain),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  return {
    async recordScan(scan) {
      const isNewDomain = await markDomainSeen(scan.scoring_version, scan.domain);
      const names: Record<string, string> = {
        '#scans': 'scans',
        '#bucket': `h${scan.score}`,
        '#updated': 'updated_at',
      };
      const values: Record<string, unknown> = { ':one': 1, ':now': scan.created_at };
      const additions = ['#scans :one', '#bucket :one'];
      if (isNewDomain) {
        names['#domains'] = 'domains';
        additions.push('#domains :one');
      }
      scan.checks
        .filter((check) => check.state === 'bad')
        .forEach((check, index) => {
          names[`#bad${index}`] = `bad_${check.id}`;
          additions.push(`#bad${index} :one`);
        });
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: countersKey(scan.scoring_version),
            UpdateExpression: `ADD ${additions.join(', ')} SET #updated = :now`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
      } catch (error) {
        // Without this, the marker would say "seen" for a domain the counters never counted.
        if (isNewDomain) {
          await doc
            .send(
              new DeleteCommand({
                TableName: tableName,
                Key: markerKey(scan.scoring_version, scan.domain),
              }),
            )
            .catch(() => undefined);
        }
        throw error;
      }
    },

    async readCounters(version) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: countersKey(version) }),
      );
      const histogram = Array.from({ length: 101 }, (_, score) => Number(Item?.[`h${score}`] ?? 0));
      const badChecks: Record<string, number> = {};
      for (const [name, value] of Object.entries(Item ?? {})) {
        if (name.startsWith('bad_')) badChecks[name.slice(4)] = Number(value);
      }
      return {
        scans: Number(Item?.scans ?? 0),
        domains: Number(Item?.domains ?? 0),
        histogram,
        badChecks,
        updatedAt: typeof Item?.updated_at === 'string' ? Item.updated_at : null,
      } satisfies StatsCounters;
    },
  };
}
