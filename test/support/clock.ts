/** A fixed clock for tests, in place of the system clock wiring gives the service. */
import { type Clock, frozenAt } from '#shared/domain/kernel/clock';

export function fixedClock(at: Date | string): Clock {
  return frozenAt(new Date(at));
}
