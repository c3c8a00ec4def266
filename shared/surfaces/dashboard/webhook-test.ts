/**
 * "Send test event" over the test-delivery addition. Apart from the other webhook pages because
 * it sends: only this function bundles the HTTP client.
 */
import type { WebhookIdParams } from '#shared/domain/webhooks/schemas';
import { type TestWebhookDeps, testWebhook } from '#shared/domain/webhooks/test-delivery';
import { DASHBOARD_PATHS } from './paths.ts';
import { type PageResponse, redirect, type SessionInput } from './responses.ts';

export async function testWebhookFromForm(
  input: SessionInput<WebhookIdParams>,
  deps: TestWebhookDeps,
): Promise<PageResponse> {
  const { delivery } = await testWebhook(input, deps);
  const notice = delivery.status === 'delivered' ? 'test_delivered' : 'test_failed';
  return redirect(`${DASHBOARD_PATHS.webhooks}?notice=${notice}`);
}
