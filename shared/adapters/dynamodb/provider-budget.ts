/**
 * The provider budget (domain/monitor/budget/ports.ts) in its own small DynamoDB table: one item
 * per provider family and shard, `pk = BUDGET#<family>#<shard>`, holding the pace's pointer
 * (`next`, epoch ms), the last cut (`cut_rpm`, `cut_at`), the announced limits (`ann_rpm`,
 * `ann_tpm`) and, per account with recent work, `r:<id>` (slots registered), `g:<id>` (granted)
 * and `t:<id>` (touched), the id being the short name `budgetAccount` gives it. Every operation is one UpdateItem answering ALL_NEW, so a lane reads
 * the fleet from the write it makes; taking slots adds to the pointer when it is current and sets
 * it from now when it has fallen behind, each with a condition, so two lanes never take the same
 * slot. The table is apart from the data table: its hot item never shares a partition or the
 * capacity with customers' data, and only the lane functions may touch it (docs/decisions.md).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { STALE_MS, staleAccounts } from '#shared/domain/monitor/budget/pace';
import type {
  BudgetKey,
  BudgetView,
  ProviderBudget,
  TakeOutcome,
  TakeRequest,
} from '#shared/domain/monitor/budget/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';

/** The budget table's only key attribute. */
export const BUDGET_TABLE_KEY = 'pk';

const keyOf = (key: BudgetKey) => ({ [BUDGET_TABLE_KEY]: `BUDGET#${key.family}#${key.shard}` });

type Item = Record<string, unknown>;

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The record as the domain reads it. */
export function budgetViewOf(item: Item | undefined): BudgetView {
  if (!item) return { next: 0, accounts: {} };
  const accounts: Record<string, { registered: number; granted: number; touched: number }> = {};
  for (const [name, value] of Object.entries(item)) {
    const match = /^([rgt]):(.+)$/.exec(name);
    if (!match?.[1] || !match[2]) continue;
    const entry = accounts[match[2]] ?? { registered: 0, granted: 0, touched: 0 };
    accounts[match[2]] = entry;
    const field = match[1] === 'r' ? 'registered' : match[1] === 'g' ? 'granted' : 'touched';
    entry[field] = numberOr(value, 0);
  }
  const cut =
    typeof item.cut_rpm === 'number' && typeof item.cut_at === 'number'
      ? { rpm: item.cut_rpm, at: item.cut_at }
      : undefined;
  const rpm = typeof item.ann_rpm === 'number' ? item.ann_rpm : undefined;
  const tpm = typeof item.ann_tpm === 'number' ? item.ann_tpm : undefined;
  return {
    next: numberOr(item.next, 0),
    ...(cut ? { cut } : {}),
    ...(rpm !== undefined || tpm !== undefined ? { announced: { rpm, tpm } } : {}),
    accounts,
  };
}

/** Expression parts of a take that do not depend on the pointer's path. */
function accountParts(request: TakeRequest) {
  const names: Record<string, string> = {
    '#g': `g:${request.account}`,
    '#t': `t:${request.account}`,
    '#next': 'next',
  };
  const values: Record<string, unknown> = { ':k': request.slots, ':now': request.now };
  const add = ['#g :k'];
  if (request.register > 0) {
    names['#r'] = `r:${request.account}`;
    values[':reg'] = request.register;
    add.push('#r :reg');
  }
  const removed: string[] = [];
  const conditions: string[] = [];
  request.prune.slice(0, 5).forEach((account, index) => {
    for (const field of ['r', 'g', 't']) {
      names[`#p${index}${field}`] = `${field}:${account}`;
      removed.push(`#p${index}${field}`);
    }
    conditions.push(`#p${index}t < :stale`);
    values[':stale'] = request.now - STALE_MS;
  });
  return { names, values, add, removed, conditions };
}

async function update(
  db: Db,
  key: BudgetKey,
  expression: { update: string; condition?: string; names: Item; values: Item },
): Promise<Item | undefined> {
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keyOf(key),
      UpdateExpression: expression.update,
      ...(expression.condition ? { ConditionExpression: expression.condition } : {}),
      ...(Object.keys(expression.names).length > 0
        ? { ExpressionAttributeNames: expression.names as Record<string, string> }
        : {}),
      ExpressionAttributeValues: expression.values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes;
}

/**
 * One attempt at taking slots: `busy` adds to a current pointer within the horizon, otherwise
 * the pointer is set from now; `request.prune` also removes stale accounts (each still stale, by
 * its condition). Undefined when a condition refused it.
 */
async function attemptTake(
  db: Db,
  key: BudgetKey,
  request: TakeRequest,
  busy: boolean,
): Promise<TakeOutcome | undefined> {
  const parts = accountParts(request);
  const floor = request.now - request.toleranceMs;
  const values: Item = { ...parts.values, ':floor': floor };
  const sets = ['#t = :now'];
  const adds = [...parts.add];
  if (busy) {
    adds.push('#next :span');
    values[':span'] = request.spanMs;
    values[':horizon'] = request.horizon;
  } else {
    sets.push('#next = :end');
    values[':end'] = request.now + request.spanMs;
  }
  const pointer = busy
    ? '#next >= :floor AND #next <= :horizon'
    : '(attribute_not_exists(#next) OR #next < :floor)';
  const remove = parts.removed.length > 0 ? ` REMOVE ${parts.removed.join(', ')}` : '';
  try {
    const item = await update(db, key, {
      update: `SET ${sets.join(', ')} ADD ${adds.join(', ')}${remove}`,
      condition: [pointer, ...parts.conditions].join(' AND '),
      names: parts.names,
      values,
    });
    const view = budgetViewOf(item);
    return { view, firstAt: busy ? view.next - request.spanMs : request.now };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

async function read(db: Db, key: BudgetKey): Promise<BudgetView> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keyOf(key), ConsistentRead: true }),
  );
  return budgetViewOf(Item);
}

/** Attempts after the first, each after a read: another lane can move the pointer in between. */
const TAKE_ATTEMPTS = 3;

/**
 * The path the caller expects first (a pointer it thinks behind is set from now, else added to);
 * a refusal is followed by a consistent read, which says which path holds now, which of the
 * accounts to prune are still there and stale, or that the pointer is beyond the horizon (then
 * nothing is taken and the lane works its turn out from that read, with no read of its own).
 * A refusal so costs two operations, however the pointer moved.
 */
async function take(db: Db, key: BudgetKey, request: TakeRequest): Promise<TakeOutcome> {
  let attempt: TakeRequest = request;
  let busy = !request.behind;
  for (let tries = 1; ; tries += 1) {
    const taken = await attemptTake(db, key, attempt, busy);
    if (taken) return taken;
    const view = await read(db, key);
    if (view.next > request.horizon || tries >= TAKE_ATTEMPTS) return { view, firstAt: null };
    busy = view.next >= request.now - request.toleranceMs;
    const stillStale = new Set(staleAccounts(view, request.now));
    attempt = { ...request, prune: request.prune.filter((account) => stillStale.has(account)) };
  }
}

async function announce(db: Db, key: BudgetKey, limits: { rpm?: number; tpm?: number }) {
  const sets: string[] = [];
  const values: Item = {};
  if (limits.rpm !== undefined) {
    sets.push('ann_rpm = :rpm');
    values[':rpm'] = limits.rpm;
  }
  if (limits.tpm !== undefined) {
    sets.push('ann_tpm = :tpm');
    values[':tpm'] = limits.tpm;
  }
  if (sets.length === 0) return;
  await update(db, key, { update: `SET ${sets.join(', ')}`, names: {}, values });
}

/** One cut per window, and the pointer held until the provider's hint (never pulled back). */
async function cut(
  db: Db,
  key: BudgetKey,
  cutting: { rpm: number; at: number; windowMs: number; holdUntil: number },
): Promise<boolean> {
  const wrote = await conditionalWrite(() =>
    update(db, key, {
      update: 'SET cut_rpm = :rpm, cut_at = :at',
      condition: 'attribute_not_exists(cut_at) OR cut_at < :window',
      names: {},
      values: { ':rpm': cutting.rpm, ':at': cutting.at, ':window': cutting.at - cutting.windowMs },
    }),
  );
  if (cutting.holdUntil > cutting.at) {
    await conditionalWrite(() =>
      update(db, key, {
        update: 'SET #next = :hold',
        condition: 'attribute_not_exists(#next) OR #next < :hold',
        names: { '#next': 'next' },
        values: { ':hold': cutting.holdUntil },
      }),
    );
  }
  return wrote;
}

export function createProviderBudget(db: Db): ProviderBudget {
  return {
    async register(key, account, slots, now) {
      const item = await update(db, key, {
        update: 'SET #t = :now ADD #r :k',
        names: { '#t': `t:${account}`, '#r': `r:${account}` },
        values: { ':now': now, ':k': slots },
      });
      return budgetViewOf(item);
    },
    take: (key, request) => take(db, key, request),
    async withdraw(key, account, slots, now) {
      await update(db, key, {
        update: 'SET #t = :now ADD #g :k',
        names: { '#t': `t:${account}`, '#g': `g:${account}` },
        values: { ':now': now, ':k': slots },
      });
    },
    read: (key) => read(db, key),
    announce: (key, limits) => announce(db, key, limits),
    cut: (key, cutting) => cut(db, key, cutting),
  };
}
