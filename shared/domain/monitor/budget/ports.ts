/**
 * The provider budget port: one record per provider account (and shard) that every run of the
 * stage shares (docs/monitor.md "One budget per provider account"). Its operations are single
 * atomic writes that answer with the record as it is after them, so a lane learns the fleet's
 * state from the write it needed anyway and reads nothing beforehand. The DynamoDB adapter
 * (shared/adapters/dynamodb/provider-budget.ts) runs on dynalite locally and on DynamoDB on AWS.
 */
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';

/** One account's place in the queue: slots registered and granted so far (cumulative). */
export interface AccountQueue {
  registered: number;
  granted: number;
  /** When a lane of the account last registered or took slots (epoch ms). */
  touched: number;
}

/** The budget record as the last write left it. */
export interface BudgetView {
  /** The next free send time (epoch ms): every slot before it is reserved. 0 when never used. */
  next: number;
  /** The pace the last 429 cut it to, and when (it grows back from there). */
  cut?: { rpm: number; at: number } | undefined;
  /** The limits the provider announced in its response headers, when it did. */
  announced?: { rpm?: number | undefined; tpm?: number | undefined } | undefined;
  /** Accounts with waiting or recent work, by account id. */
  accounts: Readonly<Record<string, AccountQueue>>;
}

/** Which record: a family's account, and the shard of it (0 unless the pace is sharded). */
export interface BudgetKey {
  family: ProviderFamily;
  shard: number;
}

export interface TakeRequest {
  account: string;
  /** Slots taken now. */
  slots: number;
  /** The time those slots span at the current pace (ms). */
  spanMs: number;
  /** How far behind `now` the pointer may be and still be followed (the bucket's burst). */
  toleranceMs: number;
  now: number;
  /** Slots registered at the same time for the lane's next batch (0: none). */
  register: number;
  /** Accounts whose entries are stale, removed by the same write. */
  prune: readonly string[];
  /** Whether the pointer is thought behind (set from now): tried first, saving a write. */
  behind?: boolean;
  /**
   * The furthest the pointer may be when slots are taken (epoch ms): a lane never locks in
   * slots far ahead, where they would jump the fair order of lanes still to come.
   */
  horizon: number;
}

/** A take's answer: the record after it, and the first slot taken (null: none taken). */
export interface TakeOutcome {
  view: BudgetView;
  firstAt: number | null;
}

export interface ProviderBudget {
  /** Adds `slots` to `account`'s queue; answers with the record after the write. */
  register(key: BudgetKey, account: string, slots: number, now: number): Promise<BudgetView>;
  /**
   * Takes the next `slots` send times of the pace (from the pointer, or from `now` when the
   * pointer has fallen more than `toleranceMs` behind) and counts them as granted to the account.
   * `firstAt` is the first slot's time; null when the pointer is beyond `horizon`: nothing was
   * taken, and the view is the record as it is (the lane works its turn out from it).
   */
  take(key: BudgetKey, request: TakeRequest): Promise<TakeOutcome>;
  /** Counts registered slots that will never be taken as granted (a lane that stops early). */
  withdraw(key: BudgetKey, account: string, slots: number, now: number): Promise<void>;
  read(key: BudgetKey): Promise<BudgetView>;
  /** Records the limits the provider announced, when they differ from the record's. */
  announce(key: BudgetKey, limits: { rpm?: number; tpm?: number }): Promise<void>;
  /**
   * Cuts the pace to `rpm` unless another lane cut it within `windowMs` (one cut per burst of
   * 429s), and holds every slot until `holdUntil`. Answers whether this write cut it.
   */
  cut(
    key: BudgetKey,
    cut: { rpm: number; at: number; windowMs: number; holdUntil: number },
  ): Promise<boolean>;
}
