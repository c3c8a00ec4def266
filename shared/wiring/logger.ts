/**
 * The logger of this process's wiring: Powertools, at the configuration's LOG_LEVEL, built on
 * first use (never at import) and handed to every area's dependencies and every surface.
 */
import { createPowertoolsLogger } from '#shared/adapters/powertools/logger';
import type { InvocationLogger } from '#shared/domain/kernel/logger';
import { lazy } from '#shared/wiring/lazy';

export const getLogger = lazy(
  ({ config }): InvocationLogger => createPowertoolsLogger({ level: config.LOG_LEVEL }),
);
