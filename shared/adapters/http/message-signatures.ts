/**
 * HTTP Message Signatures (RFC 9421) as the Web Bot Auth protocol profiles them
 * (draft-ietf-webbotauth-httpsig-protocol-01; docs/scan-engine.md "Signed requests"), Ed25519
 * only, written with node:crypto:
 *
 * - `createWebBotAuthSigner`: the three request headers of one scan request. The signature covers
 *   `@method`, `@authority`, `@path` and our `Signature-Agent` member (keyed by the signature's
 *   label, as -01 requires), with `created`, `expires` (three minutes later), `keyid` (the key's
 *   JWK thumbprint), `alg`, a `nonce` and `tag="web-bot-auth"`.
 * - `signDirectoryResponse`: the key directory's own signatures (the draft's appendix B), one per
 *   published key, over `"@authority";req` and `Content-Digest` (RFC 9530), tag
 *   `http-message-signatures-directory`.
 */
import { createHash, createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  activeKey,
  type SigningKeyRecord,
  type SigningKeySource,
} from '#shared/domain/scanner-identity/keys';

export const WEB_BOT_AUTH_TAG = 'web-bot-auth';
export const DIRECTORY_TAG = 'http-message-signatures-directory';
/** One to five minutes apart (issue 28); three leaves room for clock skew either way. */
export const SIGNATURE_LIFETIME_SECONDS = 180;
const LABEL = 'sig1';

/** RFC 9651 sf-string: a quoted string with `\` and `"` escaped (the values here are ASCII). */
export function sfString(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

interface SignatureParams {
  created: number;
  expires: number;
  keyid: string;
  alg?: string;
  nonce?: string;
  tag: string;
}

/** The inner list of `Signature-Input` (also the `@signature-params` line of the base). */
export function signatureParamsValue(
  components: readonly string[],
  params: SignatureParams,
): string {
  const parts = [
    `(${components.join(' ')})`,
    `created=${params.created}`,
    `expires=${params.expires}`,
    `keyid=${sfString(params.keyid)}`,
    ...(params.alg === undefined ? [] : [`alg=${sfString(params.alg)}`]),
    ...(params.nonce === undefined ? [] : [`nonce=${sfString(params.nonce)}`]),
    `tag=${sfString(params.tag)}`,
  ];
  return parts.join(';');
}

/** RFC 9421 §2.5: one line per covered component, then `@signature-params`. */
export function signatureBase(lines: ReadonlyArray<[string, string]>, paramsValue: string): string {
  return [
    ...lines.map(([id, value]) => `${id}: ${value}`),
    `"@signature-params": ${paramsValue}`,
  ].join('\n');
}

const keyObjects = new Map<string, KeyObject>();

function ed25519Sign(key: SigningKeyRecord, base: string): string {
  let keyObject = keyObjects.get(key.kid);
  if (keyObject === undefined) {
    keyObject = createPrivateKey({ key: { ...key.jwk }, format: 'jwk' });
    keyObjects.set(key.kid, keyObject);
  }
  return sign(null, Buffer.from(base, 'utf8'), keyObject).toString('base64');
}

export interface RequestSigner {
  /** The headers for one request (one redirect hop): empty when no key exists yet. */
  headers(target: URL, method: string): Promise<Record<string, string>>;
}

export interface WebBotAuthSignerOptions {
  keys: SigningKeySource;
  /** Absolute URL of our key directory (the `Signature-Agent` member value). */
  directoryUrl: string;
  now?: () => number;
  lifetimeSeconds?: number;
}

export function createWebBotAuthSigner(options: WebBotAuthSignerOptions): RequestSigner {
  const now = options.now ?? Date.now;
  const lifetime = options.lifetimeSeconds ?? SIGNATURE_LIFETIME_SECONDS;
  const agentValue = sfString(options.directoryUrl);
  const components = ['"@method"', '"@authority"', '"@path"', `"signature-agent";key="${LABEL}"`];
  return {
    async headers(target, method): Promise<Record<string, string>> {
      const key = activeKey(await options.keys.current());
      if (key === undefined) return {};
      const created = Math.floor(now() / 1000);
      const params = signatureParamsValue(components, {
        created,
        expires: created + lifetime,
        keyid: key.kid,
        alg: 'ed25519',
        nonce: randomBytes(32).toString('base64'),
        tag: WEB_BOT_AUTH_TAG,
      });
      const base = signatureBase(
        [
          ['"@method"', method.toUpperCase()],
          ['"@authority"', target.host],
          ['"@path"', target.pathname === '' ? '/' : target.pathname],
          [`"signature-agent";key="${LABEL}"`, agentValue],
        ],
        params,
      );
      return {
        'signature-agent': `${LABEL}=${agentValue}`,
        'signature-input': `${LABEL}=${params}`,
        signature: `${LABEL}=:${ed25519Sign(key, base)}:`,
      };
    },
  };
}

/** RFC 9530 `Content-Digest` of a body, SHA-256. */
export function contentDigest(body: string): string {
  return `sha-256=:${createHash('sha256').update(body, 'utf8').digest('base64')}:`;
}

/**
 * The key directory response's headers: `Content-Digest` and one signature per published key,
 * labelled `binding0`, `binding1`, ... `authority` is the request's (`"@authority";req`).
 */
export function signDirectoryResponse(input: {
  keys: readonly SigningKeyRecord[];
  authority: string;
  body: string;
  now: number;
  lifetimeSeconds: number;
}): Record<string, string> {
  const digest = contentDigest(input.body);
  const components = ['"@authority";req', '"content-digest"'];
  const created = Math.floor(input.now / 1000);
  const inputs: string[] = [];
  const signatures: string[] = [];
  input.keys.forEach((key, index) => {
    const until =
      key.publishedUntil === undefined
        ? Number.POSITIVE_INFINITY
        : Date.parse(key.publishedUntil) / 1000;
    const params = signatureParamsValue(components, {
      created,
      expires: Math.floor(Math.min(created + input.lifetimeSeconds, until)),
      keyid: key.kid,
      tag: DIRECTORY_TAG,
    });
    const base = signatureBase(
      [
        ['"@authority";req', input.authority],
        ['"content-digest"', digest],
      ],
      params,
    );
    inputs.push(`binding${index}=${params}`);
    signatures.push(`binding${index}=:${ed25519Sign(key, base)}:`);
  });
  return inputs.length === 0
    ? { 'content-digest': digest }
    : {
        'content-digest': digest,
        'signature-input': inputs.join(', '),
        signature: signatures.join(', '),
      };
}
