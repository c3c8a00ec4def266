/** The clock of the machine the code runs on: the one `Clock` wiring gives every area. */
import type { Clock } from '#shared/domain/kernel/clock';

export const systemClock: Clock = { now: () => new Date() };
