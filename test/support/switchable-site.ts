/**
 * A loopback fixture site whose content can be swapped between scans (the same host answering
 * as `poor`, then as `good`), so a second scan of one domain has something to compare.
 */
import {
  type FixtureResponse,
  type FixtureSiteDefinition,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/server';
import { FIXTURE_SITES, type FixtureSiteName } from '#test/fixtures/sites/sites';

export interface SwitchableSite extends RunningFixtureSite {
  become(name: FixtureSiteName): void;
}

const NOT_FOUND: FixtureResponse = { status: 404, body: 'Not found' };

export async function startSwitchableSite(initial: FixtureSiteName): Promise<SwitchableSite> {
  let current: FixtureSiteDefinition = FIXTURE_SITES[initial];
  const site = await startFixtureSite({
    routes: {},
    fallback: (context) => {
      const route = current.routes[context.path] ?? current.fallback ?? NOT_FOUND;
      return typeof route === 'function' ? route(context) : route;
    },
  });
  return {
    ...site,
    become(name) {
      current = FIXTURE_SITES[name];
    },
  };
}
