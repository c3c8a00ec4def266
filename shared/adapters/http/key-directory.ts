/**
 * Our key directory (Web Bot Auth, draft-ietf-webbotauth-httpsig-protocol-01 §5.5.1 and
 * appendix B): the published Ed25519 keys as a JWK Set (`kid` is the thumbprint the signatures
 * name as `keyid`), served as `application/http-message-signatures-directory+json` and signed
 * with every key it lists, so a verifier can tell the set was assembled by the key holders for
 * this authority.
 */
import { publicJwk, publishedKeys, type SigningKeySet } from '#shared/domain/scanner-identity/keys';
import { signDirectoryResponse } from './message-signatures.ts';

export const KEY_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const KEY_DIRECTORY_TYPE = 'application/http-message-signatures-directory+json';
/** Verifiers refresh within the hour, well inside a rotation's overlap (keys.ts). */
const CACHE_SECONDS = 3600;
/** A directory signature outlives the cache (the draft: well beyond republication). */
const DIRECTORY_SIGNATURE_SECONDS = 7 * 24 * 3600;

export interface KeyDirectoryResponse {
  body: string;
  headers: Record<string, string>;
}

export function keyDirectoryResponse(
  set: SigningKeySet,
  input: { authority: string; now: number },
): KeyDirectoryResponse {
  const keys = publishedKeys(set, new Date(input.now));
  const body = JSON.stringify({
    keys: keys.map((key) => ({
      ...publicJwk(key.jwk),
      kid: key.kid,
      use: 'sig',
      nbf: Math.floor(Date.parse(key.createdAt) / 1000),
      ...(key.publishedUntil === undefined
        ? {}
        : { exp: Math.floor(Date.parse(key.publishedUntil) / 1000) }),
    })),
  });
  const signatures = signDirectoryResponse({
    keys,
    authority: input.authority,
    body,
    now: input.now,
    lifetimeSeconds: DIRECTORY_SIGNATURE_SECONDS,
  });
  return {
    body,
    headers: {
      'content-type': KEY_DIRECTORY_TYPE,
      'cache-control': `public, max-age=${CACHE_SECONDS}`,
      'access-control-allow-origin': '*',
      ...signatures,
    },
  };
}
