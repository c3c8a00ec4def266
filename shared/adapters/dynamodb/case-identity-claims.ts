/**
 * The claims that keep an owner's active cases distinct (domain/monitor/case-identity.ts):
 * `CASEIDENTITY#<owner>` / `CLAIM#<identity hash>` naming the case that holds it (one partition
 * per owner, which an account's erasure deletes whole). Taking one is a single conditional write
 * (absent, or still naming the holder read before), so two requests creating the same case at
 * once cannot both take it.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseIdentityClaims } from '#shared/domain/monitor/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

export function createCaseIdentityClaims(db: Db): CaseIdentityClaims {
  return {
    async holder(ownerId, identity) {
      const item = await readItem(db, KEYS.monitorCaseIdentity(ownerId, identity));
      return typeof item?.case_id === 'string' ? item.case_id : undefined;
    },
    take: (ownerId, identity, caseId, previous) =>
      conditionalWrite(() =>
        db.doc.send(
          new PutCommand({
            TableName: db.tableName,
            Item: { ...KEYS.monitorCaseIdentity(ownerId, identity), case_id: caseId },
            ConditionExpression:
              previous === undefined ? 'attribute_not_exists(pk)' : 'case_id = :previous',
            ...(previous === undefined
              ? {}
              : { ExpressionAttributeValues: { ':previous': previous } }),
          }),
        ),
      ),
    async release(ownerId, identity, caseId) {
      try {
        await db.doc.send(
          new DeleteCommand({
            TableName: db.tableName,
            Key: KEYS.monitorCaseIdentity(ownerId, identity),
            ConditionExpression: 'case_id = :case',
            ExpressionAttributeValues: { ':case': caseId },
          }),
        );
      } catch (error) {
        // Held by another case (or by none): nothing of this case's to remove.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}
