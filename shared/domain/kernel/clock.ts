/**
 * The clock port: how domain rules, surfaces and adapters read the time. Wiring provides the
 * system clock (shared/adapters/clock/system-clock.ts); tests give a fixed one, so every time a
 * rule records or compares is the one the test chose.
 */

export interface Clock {
  now(): Date;
}

/** The clock's time as records store it: an ISO 8601 string in UTC. */
export function nowIso(clock: Clock): string {
  return clock.now().toISOString();
}

/** A clock that always reads `at`: the parts of one request or run that must agree on the time. */
export function frozenAt(at: Date): Clock {
  return { now: () => new Date(at) };
}
