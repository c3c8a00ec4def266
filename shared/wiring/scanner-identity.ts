/**
 * Who the scanner says it is (docs/scan-engine.md "Signed requests"): its signing keys (a file
 * under DATA_DIR locally, made on first use; a Secrets Manager secret on AWS, made by the
 * operator), the request signer of the scan fetcher, and the key directory the discovery
 * routes serve. Built once per wiring, on first use.
 */

import { KEY_DIRECTORY_PATH, keyDirectoryResponse } from '#shared/adapters/http/key-directory';
import { createWebBotAuthSigner } from '#shared/adapters/http/message-signatures';
import { createFileKeyStore, createMemoryKeyStore } from '#shared/adapters/signing-keys/file-store';
import { createSecretKeyStore } from '#shared/adapters/signing-keys/secret-store';
import { createKeySource } from '#shared/adapters/signing-keys/source';
import type { SigningKeyStore } from '#shared/domain/scanner-identity/keys';
import type { DiscoveryDeps } from '#shared/surfaces/pages/discovery/deps';
import { getAnonymousAllowance } from '#shared/wiring/anonymous-allowance';
import { traced } from '#shared/wiring/observability';
import type { Config } from './config.ts';
import { lazy, type WiringSettings } from './lazy.ts';

/** Where links point when neither PUBLIC_BASE_URL nor a local front is known. */
const FALLBACK_BASE_URL = 'https://agent-readiness.example';

/** The key store a configuration names (the operator CLI reads the same one). */
export function signingKeyStoreFor(config: Config): SigningKeyStore {
  if (config.SIGNING_KEYS_SECRET_ARN) {
    // Traced on Lambda; the operator's CLI, which reads the same store, never traces.
    const capture = config.tracing ? traced : undefined;
    return createSecretKeyStore(config.SIGNING_KEYS_SECRET_ARN, config.AWS_REGION, capture);
  }
  return config.DATA_DIR ? createFileKeyStore(config.DATA_DIR) : createMemoryKeyStore();
}

export const getSigningKeySource = lazy(({ config }) =>
  // Locally the first key is made on first use; on AWS only the operator writes the secret.
  createKeySource(signingKeyStoreFor(config), {
    createIfMissing: !config.SIGNING_KEYS_SECRET_ARN,
    refreshMs: config.SIGNING_KEYS_REFRESH_MS,
  }),
);

/** The service's base URL as the scanner names it (its key directory, its docs). */
export function scannerBaseUrl(settings: WiringSettings): string {
  return settings.config.PUBLIC_BASE_URL ?? settings.serviceUrl?.() ?? FALLBACK_BASE_URL;
}

export { scannerUserAgent } from '#shared/adapters/http/user-agent';

export const getRequestSigner = lazy((settings) =>
  createWebBotAuthSigner({
    keys: getSigningKeySource(),
    directoryUrl: `${scannerBaseUrl(settings)}${KEY_DIRECTORY_PATH}`,
  }),
);

/**
 * What the discovery routes need beyond their input: the signed key directory, and the free
 * scans left that the home page shows.
 */
export const getDiscoveryDeps = lazy(
  (): DiscoveryDeps => ({
    async keyDirectory(authority) {
      const set = await getSigningKeySource().current();
      return keyDirectoryResponse(set, { authority, now: Date.now() });
    },
    anonymousAllowance: (sourceIp) => getAnonymousAllowance()(sourceIp),
  }),
);
