/**
 * A2A 1.0.1 Agent Card signatures (§8.4): each JWS in `signatures[]` is verified over the card
 * canonicalised with RFC 8785, without `signatures`. The key is the protected header's `jwk`, or
 * the key named by `kid` in the JWK Set at `jku`, fetched only on the card's own origin like any
 * other well-known document. An unsigned card is fine (nothing to say); a signature that does not
 * verify is `bad`; one whose key cannot be had is `warn`. Findings name the signature.
 */
import { type Fetched, isJsonResponse, isOk } from '#shared/domain/scan-engine/artifacts';
import { isObject, type JsonObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import {
  type CardSignature,
  cardSignatures,
  keyFromSet,
  verifyCardSignature,
} from '#shared/domain/scan-engine/parse/jws';
import { absoluteUrl } from '#shared/domain/scan-engine/site';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

export interface SignatureContext {
  /** Absolute URL the card was read from. */
  cardUrl: string;
  /** JWK Sets named by `jku`, fetched by the collector (absolute URL keys). */
  keySets: Record<string, Fetched>;
}

function name(signature: CardSignature): string {
  const kid = typeof signature.header.kid === 'string' ? ` (kid "${signature.header.kid}")` : '';
  return `signatures[${signature.index}]${kid}`;
}

/** The key of one signature, or why it cannot be had. */
function keyOf(signature: CardSignature, context: SignatureContext): JsonObject | string {
  const { jwk, jku, kid } = signature.header;
  if (isObject(jwk)) return jwk;
  if (typeof jku !== 'string') return 'names no key (neither jwk nor jku)';
  const url = absoluteUrl(jku, context.cardUrl);
  if (url === undefined) return `has a jku that is not a URL (${jku})`;
  if (new URL(url).origin !== new URL(context.cardUrl).origin) {
    return `takes its key from ${url}, another origin than the card's, which the scan does not fetch`;
  }
  const fetched = context.keySets[url];
  if (!isOk(fetched) || !isJsonResponse(fetched)) {
    return `takes its key from ${url}, which did not answer a JWK Set`;
  }
  return keyFromSet(parseJson(fetched.text), kid) ?? `finds no key ${String(kid ?? '')} in ${url}`;
}

export function signatureFindings(
  card: JsonObject,
  context: SignatureContext,
): { findings: Finding[]; failed: boolean } {
  const standard = standardRef('a2a');
  const findings: Finding[] = [];
  let failed = false;
  for (const signature of cardSignatures(card)) {
    if (typeof signature === 'string') {
      failed = true;
      findings.push({
        id: 'agent.a2a_signature_malformed',
        state: 'bad',
        standard,
        text: `A2A agent card: ${signature}.`,
      });
      continue;
    }
    const key = keyOf(signature, context);
    if (typeof key === 'string') {
      findings.push({
        id: 'agent.a2a_signature_key_unavailable',
        state: 'warn',
        standard,
        text: `A2A agent card signature ${name(signature)} could not be checked: it ${key}.`,
      });
      continue;
    }
    const verdict = verifyCardSignature(card, signature, key);
    if (verdict === 'verified') {
      findings.push({
        id: 'agent.a2a_signature_verified',
        state: 'good',
        standard,
        text: `A2A agent card signature ${name(signature)} verifies over the RFC 8785 canonical card (${String(signature.header.alg)}).`,
      });
    } else if (verdict === 'invalid') {
      failed = true;
      findings.push({
        id: 'agent.a2a_signature_invalid',
        state: 'bad',
        standard,
        text: `A2A agent card signature ${name(signature)} does not verify over the RFC 8785 canonical card without "signatures": the card changed after signing, or the key is not the signer's.`,
      });
    } else {
      findings.push({
        id: 'agent.a2a_signature_unsupported',
        state: 'warn',
        standard,
        text: `A2A agent card signature ${name(signature)} could not be checked: ${verdict.unsupported}.`,
      });
    }
  }
  return { findings, failed };
}
