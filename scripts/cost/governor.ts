/**
 * What sharing the providers' quotas costs a month (issue 34; docs/monitor.md "One budget per
 * provider account"), on top of what one run alone costs (the measured counts): the budget's
 * DynamoDB writes, the queued waits (a Wait state, then the lane task again), and the monthly
 * schedule's pages. The rates per provider call are what `npm run bench:fleet` measured
 * (docs/decisions.md "The fleet's budget"); the item's size is an upper bound: every case its
 * own account, all waiting at once on one shard.
 */
import type { Prices } from './prices.ts';

/**
 * Budget operations per provider call: `npm run bench:fleet` (100 cases, 5 accounts, 180 a
 * minute, 2026-12-06 evening, after a refused take came to cost one read) measured 0.174, and
 * 0.190 at 40 cases; priced at 0.2, above both.
 */
const BUDGET_OPERATIONS_PER_CALL = 0.2;
/** Queued waits per provider call (the same runs: 0.435 and 0.319); priced at 0.45. */
const QUEUED_WAITS_PER_CALL = 0.45;
/** States one queued wait enters: the lane's Choice, the Wait, the lane task again. */
const TRANSITIONS_PER_WAIT = 3;
/** A lane task woken from a wait that finds its turn: about 0.2 s at 512 MB. */
const GB_SECONDS_PER_WAKE = 0.2 * 0.5;
/** The record's fixed part, and what each account with waiting work adds (its short name). */
const ITEM_BYTES = 200;
const ITEM_BYTES_PER_ACCOUNT = 55;
/** DynamoDB's item limit: the record never holds more (docs/decisions.md). */
const ITEM_LIMIT_BYTES = 400 * 1024;
/** Cases a page of the monthly schedule reads (MONITOR_SCHEDULE_PAGE_SIZE's default). */
const SCHEDULE_PAGE = 100;
/** States a page enters (SchedulePage, MorePages, NextPage) and its one invocation (512 MB). */
const TRANSITIONS_PER_PAGE = 3;
/** A page of 100 cases: about 4 s (a claim, a lock, a run and a start per case) at 512 MB. */
const GB_SECONDS_PER_PAGE = 4 * 0.5;

/** The governor's monthly USD for `calls` provider calls of `cases` cases' runs. */
export function governorCost(cases: number, calls: number, prices: Prices) {
  const itemBytes = Math.min(ITEM_LIMIT_BYTES, ITEM_BYTES + ITEM_BYTES_PER_ACCOUNT * cases);
  const writeUnits = calls * BUDGET_OPERATIONS_PER_CALL * Math.ceil(itemBytes / 1024);
  const waits = calls * QUEUED_WAITS_PER_CALL;
  const pages = cases > 0 ? Math.ceil(cases / SCHEDULE_PAGE) : 0;
  const transitions = waits * TRANSITIONS_PER_WAIT + pages * TRANSITIONS_PER_PAGE;
  const invocations = waits + pages;
  const gbSeconds = waits * GB_SECONDS_PER_WAKE + pages * GB_SECONDS_PER_PAGE;
  return (
    (writeUnits / 1e6) * prices.dynamodb.per_million_write_units +
    (transitions / 1000) * prices.step_functions.per_thousand_transitions +
    (invocations / 1e6) * prices.lambda.per_million_requests +
    gbSeconds * prices.lambda.per_gb_second
  );
}
