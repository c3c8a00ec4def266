/**
 * Verifies the scanner's signatures with an independent RFC 9421 implementation from the npm
 * registry (`http-message-signatures`, docs/decisions.md "Independent verifier"), against a JWK
 * Set fetched from our key directory, and checks the Web Bot Auth profile on top (tag, lifetime,
 * keyid = thumbprint, covered components). Never our own verifier.
 */
import { createPublicKey } from 'node:crypto';
import { createVerifier, httpbis } from 'http-message-signatures';
import { parseDictionary } from 'structured-headers';
import { jwkThumbprint } from '#shared/domain/scanner-identity/keys';

export interface Jwks {
  keys: Array<{ kty: 'OKP'; crv: 'Ed25519'; x: string; kid?: string }>;
}

export interface SignedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

export type Verdict = { ok: true; keyid: string } | { ok: false; reason: string };

/** The library's verdict on one request, with keys looked up in `jwks` only. */
export async function verifyRequest(request: SignedRequest, jwks: Jwks): Promise<Verdict> {
  let keyid = '';
  try {
    const result = await httpbis.verifyMessage(
      {
        keyLookup: async (params) => {
          keyid = String(params.keyid ?? '');
          const jwk = jwks.keys.find((key) => (key.kid ?? jwkThumbprint(key)) === keyid);
          if (jwk === undefined) return null;
          const key = createPublicKey({
            key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
            format: 'jwk',
          });
          return { id: keyid, algs: ['ed25519'], verify: createVerifier(key, 'ed25519') };
        },
        requiredParams: ['created', 'expires', 'keyid', 'tag'],
      },
      request,
    );
    if (result === true) return { ok: true, keyid };
    return { ok: false, reason: result === null ? `unknown key ${keyid}` : 'bad signature' };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface SignatureProfile {
  label: string;
  components: string[];
  created: number;
  expires: number;
  keyid: string;
  tag: string;
  agent: string;
}

/** The parameters of the one signature of a request, read with a structured-field parser. */
export function signatureProfile(headers: Record<string, string>): SignatureProfile {
  const input = parseDictionary(headers['signature-input'] ?? '');
  const [label, member] = [...input.entries()][0] ?? [];
  if (label === undefined || member === undefined || !Array.isArray(member[0])) {
    throw new Error('no Signature-Input member');
  }
  const [items, params] = member as [Array<[string, Map<string, unknown>]>, Map<string, unknown>];
  const components = items.map(([name, itemParams]) =>
    itemParams.has('key') ? `${name};key=${String(itemParams.get('key'))}` : name,
  );
  const agentMember = parseDictionary(headers['signature-agent'] ?? '').get(label);
  return {
    label,
    components,
    created: Number(params.get('created')),
    expires: Number(params.get('expires')),
    keyid: String(params.get('keyid')),
    tag: String(params.get('tag')),
    agent: agentMember === undefined ? '' : String(agentMember[0]),
  };
}
