/**
 * The active-key cap as one item per account, `USER#<id>` / `KEYSLOTS`, whose `places` map holds
 * one entry per active key (docs/data-model.md): the key id, worth its taken time while the key
 * is being written and `key` once it is. A place is taken by a conditional update that holds only
 * while the map has fewer than the cap's entries, so no interleaving passes the cap (issue 26).
 *
 * Every path that writes or revokes a key goes through here (the users repository's `putKey` and
 * `revokeKey`: API, dashboard and operator CLI alike). Freeing a place removes its entry, so a
 * retried revoke cannot free a place twice. The map is made with the account; an account older
 * than it gets it once from its listed active keys, under the condition that it has none yet,
 * while no place can be taken. Nothing corrects the map from a count: when it is full, only
 * entries proven stale are removed one by one (a revoked key's, or a place whose key was never
 * written long after any create would have finished).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredApiKey } from '#shared/domain/accounts/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';

/** The value of a place whose key is written. */
const WRITTEN = 'key';
/**
 * How long a place may wait for its key before a full map may free it: far longer than any
 * create lasts (a function's timeout is seconds), so a place in use is never taken away.
 */
export const UNWRITTEN_PLACE_GRACE_MS = 5 * 60_000;

/** What taking a place needs besides the table: the account's keys as listed. */
export interface PlacesDeps extends Db {
  listKeys(userId: string): Promise<StoredApiKey[]>;
}

type KeyRef = Pick<StoredApiKey, 'id' | 'user_id'>;
type Places = Record<string, string>;

/** Makes a new account's empty map (the account's creation; kept if it exists already). */
export async function openPlaces({ doc, tableName }: Db, userId: string): Promise<void> {
  await conditionalWrite(() =>
    doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...KEYS.keySlots(userId), places: {} },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/**
 * Takes a place for `key` while the account holds fewer than `max`; its taken time (which
 * `confirmPlace` needs), or null when the cap is reached.
 */
export async function takePlace(
  deps: PlacesDeps,
  key: KeyRef,
  max: number,
): Promise<string | null> {
  const takenAt = new Date().toISOString();
  for (let round = 0; round < 3; round += 1) {
    if (await take(deps, key, takenAt, max)) return takenAt;
    const places = await readPlaces(deps, key.user_id);
    if (places === undefined) {
      await placesFromListing(deps, key.user_id);
    } else if (Object.keys(places).length >= max && !(await freeStale(deps, key.user_id, places))) {
      return null;
    }
    // Otherwise a place was freed or taken meanwhile: try again.
  }
  return null;
}

/** Marks the place of a written key; false when it is gone (freed as stale while paused). */
export function confirmPlace({ doc, tableName }: Db, key: KeyRef, takenAt: string) {
  return conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.keySlots(key.user_id),
        UpdateExpression: 'SET places.#id = :written',
        ConditionExpression: 'places.#id = :takenAt',
        ExpressionAttributeNames: { '#id': key.id },
        ExpressionAttributeValues: { ':written': WRITTEN, ':takenAt': takenAt },
      }),
    ),
  );
}

/** Frees the key's place; nothing when it has none (idempotent: a retry frees nothing more). */
export async function freePlace({ doc, tableName }: Db, key: KeyRef): Promise<void> {
  await conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.keySlots(key.user_id),
        UpdateExpression: 'REMOVE places.#id',
        ConditionExpression: 'attribute_exists(places.#id)',
        ExpressionAttributeNames: { '#id': key.id },
      }),
    ),
  );
}

const take = ({ doc, tableName }: Db, key: KeyRef, takenAt: string, max: number) =>
  conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.keySlots(key.user_id),
        UpdateExpression: 'SET places.#id = :takenAt',
        ConditionExpression: 'size(places) < :max AND attribute_not_exists(places.#id)',
        ExpressionAttributeNames: { '#id': key.id },
        ExpressionAttributeValues: { ':takenAt': takenAt, ':max': max },
      }),
    ),
  );

async function readPlaces({ doc, tableName }: Db, userId: string): Promise<Places | undefined> {
  const { Item } = await doc.send(
    new GetCommand({ TableName: tableName, Key: KEYS.keySlots(userId), ConsistentRead: true }),
  );
  return Item?.places as Places | undefined;
}

/**
 * An account older than the map (no item, or the earlier `active` counter): its places are its
 * listed active keys, written only if it still has no map. No place can be taken before that
 * write, so no key is created between the listing and it.
 */
async function placesFromListing(deps: PlacesDeps, userId: string): Promise<void> {
  const active = (await deps.listKeys(userId)).filter((key) => !key.revoked_at);
  const places = Object.fromEntries(active.map((key) => [key.id, WRITTEN]));
  await conditionalWrite(() =>
    deps.doc.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: KEYS.keySlots(userId),
        UpdateExpression: 'SET places = :places REMOVE active',
        ConditionExpression: 'attribute_not_exists(places)',
        ExpressionAttributeValues: { ':places': places },
      }),
    ),
  );
}

/** Frees the places proven stale, each only if unchanged since read; true when one was freed. */
async function freeStale(deps: PlacesDeps, userId: string, places: Places): Promise<boolean> {
  const keys = new Map((await deps.listKeys(userId)).map((key) => [key.id, key]));
  const now = Date.now();
  let freed = false;
  for (const [id, value] of Object.entries(places)) {
    if (!isStale(keys.get(id), value, now)) continue;
    if (await freeIfUnchanged(deps, userId, id, value)) freed = true;
  }
  return freed;
}

/**
 * A revoked key's place is stale (a revoke that stopped before freeing it, or a key listed active
 * when the map was made from the listing). A written key's place is not, even if the listing
 * (an index, updated shortly after the write) does not show it yet; an unwritten place is stale
 * only long after its create must have ended.
 */
function isStale(key: StoredApiKey | undefined, value: string, now: number): boolean {
  if (key?.revoked_at) return true;
  if (key || value === WRITTEN) return false;
  return now - Date.parse(value) > UNWRITTEN_PLACE_GRACE_MS;
}

const freeIfUnchanged = ({ doc, tableName }: Db, userId: string, id: string, value: string) =>
  conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.keySlots(userId),
        UpdateExpression: 'REMOVE places.#id',
        ConditionExpression: 'places.#id = :value',
        ExpressionAttributeNames: { '#id': id },
        ExpressionAttributeValues: { ':value': value },
      }),
    ),
  );
