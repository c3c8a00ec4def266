/**
 * The webhook pages over the webhook operations (list, create, update, delete) and the
 * additions (test delivery, redelivery). The signing secret is shown once, in the answer to the
 * form that created the endpoint.
 */
import type { z } from 'zod';
import { redeliverDelivery, rotateWebhookSecret } from '#shared/domain/webhooks/additions';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  updateWebhook,
  type WebhookDeps,
} from '#shared/domain/webhooks/operations';
import {
  CreateWebhookBodySchema,
  type DeliveryIdParams,
  UpdateWebhookBodySchema,
  type WebhookIdParams,
} from '#shared/domain/webhooks/schemas';
import { type WebhooksView, webhooksPage } from '#shared/surfaces/dashboard/views/webhooks-page';
import { submitForm } from './form-kit/form.ts';
import type { CreateWebhookFormSchema, UpdateWebhookForm } from './forms.ts';
import { WEBHOOK_FORM, WEBHOOK_UPDATE_FORM } from './forms-webhooks.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  htmlPage,
  type NoticeCode,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;

type PageDeps = Pick<WebhookDeps, 'store' | 'allowPrivateTargets'>;

async function view(input: Input<unknown, unknown, unknown>, deps: PageDeps) {
  const listed = await listWebhooks(
    { ...input, params: undefined, query: undefined, body: undefined },
    deps,
  );
  return {
    viewer: viewerOf(input.principal),
    events: listed.events,
    endpoints: listed.endpoints,
    deliveries: listed.recent_deliveries,
    localMode: deps.allowPrivateTargets,
  } satisfies WebhooksView;
}

const back = (code: NoticeCode) => redirect(`${DASHBOARD_PATHS.webhooks}?notice=${code}`);

export async function webhooksOverview(
  input: Input<undefined, { notice?: string | undefined }>,
  deps: PageDeps,
): Promise<PageResponse> {
  return htmlPage(webhooksPage({ ...(await view(input, deps)), notice: input.query.notice }));
}

export async function createWebhookFromForm(
  input: Input<undefined, undefined, z.output<typeof CreateWebhookFormSchema>>,
  deps: WebhookDeps,
): Promise<PageResponse> {
  const body = { url: input.body.url.trim(), events: input.body.events, label: input.body.label };
  const created = await submitForm(WEBHOOK_FORM, input.body, () =>
    createWebhook({ ...input, body: parseWith(CreateWebhookBodySchema, body) }, deps),
  );
  const page = await view(input, deps);
  if (!created.ok) {
    return htmlPage(webhooksPage({ ...page, createForm: created.state }), created.status);
  }
  return htmlPage(
    webhooksPage({
      ...page,
      created: { endpoint: created.value.endpoint, secret: created.value.secret },
    }),
    201,
  );
}

/** One form posts here for the label and events, another for pausing and resuming. */
export function webhookChanges(form: UpdateWebhookForm): Record<string, unknown> {
  return {
    ...(form.label !== undefined ? { label: form.label } : {}),
    ...(form.events_present ? { events: form.events } : {}),
    ...(form.active !== undefined ? { active: form.active === 'true' } : {}),
  };
}

/** The confirmed "Rotate secret": the new secret shown once (the API's rotate-secret operation). */
async function rotateFromForm(
  input: Input<WebhookIdParams, undefined, UpdateWebhookForm>,
  deps: WebhookDeps,
): Promise<PageResponse> {
  const rotated = await rotateWebhookSecret({ ...input, body: {} }, deps);
  return htmlPage(
    webhooksPage({
      ...(await view(input, deps)),
      rotated: {
        endpoint: rotated.endpoint,
        secret: rotated.secret,
        previousUntil: rotated.previous_secret_expires_at,
      },
    }),
  );
}

export async function updateWebhookFromForm(
  input: Input<WebhookIdParams, undefined, UpdateWebhookForm>,
  deps: WebhookDeps,
): Promise<PageResponse> {
  // Rotation posts to the endpoint's own form route: no function of its own (docs/decisions.md).
  if (input.body.rotate_secret === '1') return rotateFromForm(input, deps);
  const changes = webhookChanges(input.body);
  // Only the label-and-events form is checked as a form; pausing and resuming send no text.
  const spec = input.body.events_present ? WEBHOOK_UPDATE_FORM : { fields: {} };
  const updated = await submitForm(spec, input.body, () =>
    updateWebhook({ ...input, body: parseWith(UpdateWebhookBodySchema, changes) }, deps),
  );
  if (!updated.ok) {
    const update = { endpointId: input.params.id, state: updated.state };
    return htmlPage(webhooksPage({ ...(await view(input, deps)), update }), updated.status);
  }
  if (changes.active === false) return back('webhook_paused');
  if (changes.active === true) return back('webhook_resumed');
  return back('webhook_saved');
}

export async function deleteWebhookFromForm(
  input: Input<WebhookIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'logger' | 'clock'>,
): Promise<PageResponse> {
  await deleteWebhook(input, deps);
  return back('webhook_deleted');
}

export async function redeliverFromForm(
  input: Input<DeliveryIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'workflows' | 'logger'>,
): Promise<PageResponse> {
  await redeliverDelivery(input, deps);
  return back('redelivery_started');
}
