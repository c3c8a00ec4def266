/**
 * The account's API keys (additions: whatever the dashboard lets a person do, the API offers too;
 * docs/api.md "The dashboard"). Any valid key of the account may call them; what it may create or revoke is bounded by the
 * scopes it holds itself (docs/dashboard.md "Keys").
 */
import {
  CreateKeyBodySchema,
  CreateKeyResponseSchema,
  KeyIdParamsSchema,
  KeyResponseSchema,
  ListKeysResponseSchema,
} from '#shared/domain/accounts/key-schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const TAG = 'Keys';
const AUTHORISATION =
  ' Authorisation: any key of the account; no scope is needed to call the route, but a key ' +
  'acts only within its own scopes.';

export const KEY_ROUTES = {
  list_keys: {
    operationId: 'list_keys',
    area: 'keys',
    method: 'GET',
    path: '/api/v1/keys',
    summary: "List the account's API keys (addition)",
    description: `Every key of the account behind the calling key, newest first: id, hint, name, scopes, created, revoked and last-used times (\`last_used_at\`, accurate to within an hour); never a key itself.${AUTHORISATION}`,
    tag: TAG,
    auth: 'required',
    response: { status: 200, schema: ListKeysResponseSchema },
    errors: ['unauthorized'],
    data: 'read',
    handler: 'functions/http/keys/list-keys.ts',
    mcpTool: false,
    addition: true,
  },
  create_key: {
    operationId: 'create_key',
    area: 'keys',
    method: 'POST',
    path: '/api/v1/keys',
    summary: 'Create an API key (addition)',
    description:
      'Creates a key for the account of the calling key and returns it once (`api_key`); only ' +
      'its SHA-256 hash is stored. Each requested scope must be one the calling key holds ' +
      '(400 `invalid_scope` otherwise): a key never mints a key more powerful than itself. ' +
      '`plugin` may always be asked for, and a plugin key creates plugin keys only; ' +
      '`monitor:admin` also needs an address on the operator list (403 `admin_not_allowed`). ' +
      `At most 50 active keys per account.${AUTHORISATION}`,
    tag: TAG,
    auth: 'required',
    request: { body: CreateKeyBodySchema },
    response: { status: 201, schema: CreateKeyResponseSchema },
    errors: ['invalid_request', 'invalid_scope', 'unauthorized', 'admin_not_allowed'],
    data: 'readwrite',
    handler: 'functions/http/keys/create-key.ts',
    mcpTool: false,
    idempotent: true,
    addition: true,
  },
  revoke_key: {
    operationId: 'revoke_key',
    area: 'keys',
    method: 'DELETE',
    path: '/api/v1/keys/{id}',
    summary: 'Revoke an API key (addition)',
    description:
      'Revokes a key of the same account; requests with it get 401 from then on (within ' +
      'KEY_CACHE_TTL_MS in other processes). A key revokes only keys whose scopes it holds, ' +
      'itself included (403 `insufficient_scope` otherwise); revoking twice is harmless. ' +
      `Another account's key reads as not found.${AUTHORISATION}`,
    tag: TAG,
    auth: 'required',
    request: { params: KeyIdParamsSchema },
    response: { status: 200, schema: KeyResponseSchema },
    errors: ['unauthorized', 'insufficient_scope', 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/keys/revoke-key.ts',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
