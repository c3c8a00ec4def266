/**
 * The alert store and the delivery attempt's Slack and mail channels, apart from the rest of the
 * alerts wiring (alerts.ts) so that the functions that build the delivery wiring (the attempt
 * step, the dashboard's and API's webhook tests) do not bundle the monitor's wiring with it.
 */
import { createAlertsRepository } from '#shared/adapters/dynamodb/alerts-repository';
import { type ChannelDeps, createChannelPort } from '#shared/domain/alerts/channels';
import type { ChannelPort } from '#shared/domain/webhooks/steps';
import { lazy } from '#shared/wiring/lazy';
import { getStore } from '#shared/wiring/platform';

export const getAlertStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createAlertsRepository(doc, tableName);
});

/** The attempt step's Slack and mail channels, over a sender and a mail port it is given. */
export function alertChannels(deps: Omit<ChannelDeps, 'alerts'>): ChannelPort {
  return createChannelPort({ ...deps, alerts: getAlertStore() });
}
