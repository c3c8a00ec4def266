/** The keys page over the same key operations as `/api/v1/keys`. */
import type { z } from 'zod';
import {
  createKey,
  type KeyDeps,
  listKeys,
  revokeKey,
} from '#shared/domain/accounts/key-operations';
import { CreateKeyBodySchema, type KeyIdParams } from '#shared/domain/accounts/key-schemas';
import { SCOPES } from '#shared/domain/accounts/scopes';
import { type KeysView, keysPage } from '#shared/surfaces/dashboard/views/keys-page';
import { submitForm } from './form-kit/form.ts';
import type { CreateKeyFormSchema } from './forms.ts';
import { KEY_FORM } from './forms-accounts.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  htmlPage,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

/** The keys page over the same key operations as `/api/v1/keys`. */
async function view(input: SessionInput<unknown, unknown, unknown>, deps: KeyDeps) {
  const { principal } = input;
  const { keys } = await listKeys(
    { ...input, params: undefined, query: undefined, body: undefined },
    deps,
  );
  return {
    viewer: viewerOf(principal),
    keys,
    grantable: SCOPES.filter((scope) => principal.scopes.has(scope)),
  } satisfies KeysView;
}

export async function keysOverview(
  input: SessionInput<undefined, { notice?: string | undefined }>,
  deps: KeyDeps,
): Promise<PageResponse> {
  return htmlPage(
    keysPage({ ...(await view(input, deps)), notice: noticeText(input.query.notice) }),
  );
}

export async function createKeyFromForm(
  input: SessionInput<undefined, undefined, z.output<typeof CreateKeyFormSchema>>,
  deps: KeyDeps,
): Promise<PageResponse> {
  const body = {
    scopes: input.body.scopes,
    ...(input.body.name.trim() ? { name: input.body.name } : {}),
  };
  const created = await submitForm(KEY_FORM, input.body, () =>
    createKey({ ...input, body: parseWith(CreateKeyBodySchema, body) }, deps),
  );
  const page = await view(input, deps);
  if (!created.ok) return htmlPage(keysPage({ ...page, form: created.state }), created.status);
  return htmlPage(
    keysPage({ ...page, created: { key: created.value.key, apiKey: created.value.api_key } }),
    201,
  );
}

export async function revokeKeyFromForm(
  input: SessionInput<KeyIdParams>,
  deps: KeyDeps,
): Promise<PageResponse> {
  await revokeKey(input, deps);
  return redirect(`${DASHBOARD_PATHS.keys}?notice=key_revoked`);
}
