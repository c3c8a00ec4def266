/**
 * Payment signals among the answers the scan already has (no request of its own): a 402 with
 * x402 v2's `PAYMENT-REQUIRED` header (base64 JSON: `x402Version: 2`, `accepts[]`), a 402 whose
 * JSON body carries v1's requirements (legacy), and `WWW-Authenticate: Payment` challenges
 * (draft-httpauth-payment). One finding per kind, naming where it was seen.
 */
import {
  type Fetched,
  type FetchedResponse,
  isResponse,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

function answers(artifacts: ScanArtifacts): FetchedResponse[] {
  const all: Array<Fetched | undefined> = [
    artifacts.homepage,
    ...Object.values(artifacts.probes),
    ...artifacts.sitemapSamples,
    ...artifacts.llmsLinks,
    artifacts.innerPage?.fetched,
    ...Object.values(artifacts.serviceDescriptions),
  ];
  const seen = new Set<string>();
  // A 402 is a wall for the checks that needed the page (walls.ts), never for this one.
  const responses = all.map((fetched) => (fetched?.kind === 'walled' ? fetched.response : fetched));
  return responses.filter((fetched): fetched is FetchedResponse => {
    if (!isResponse(fetched) || seen.has(fetched.finalUrl)) return false;
    seen.add(fetched.finalUrl);
    return true;
  });
}

type X402 = { kind: 'v2'; schemes: string[] } | { kind: 'v1' } | { kind: 'malformed'; why: string };

function readX402(response: FetchedResponse): X402 | undefined {
  if (response.status !== 402) return undefined;
  const header = response.headers['payment-required'];
  if (header !== undefined) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    } catch {
      return { kind: 'malformed', why: 'PAYMENT-REQUIRED is not base64-encoded JSON' };
    }
    if (!isObject(decoded) || decoded.x402Version !== 2) {
      return { kind: 'malformed', why: 'PAYMENT-REQUIRED lacks x402Version 2' };
    }
    if (!Array.isArray(decoded.accepts) || decoded.accepts.length === 0) {
      return { kind: 'malformed', why: 'PAYMENT-REQUIRED lists no accepts[] payment option' };
    }
    const schemes = decoded.accepts.filter(isObject).map((option) => String(option.scheme ?? '?'));
    return { kind: 'v2', schemes };
  }
  const body = parseJson(response.text);
  return isObject(body) && body.x402Version === 1 && Array.isArray(body.accepts)
    ? { kind: 'v1' }
    : undefined;
}

export function paymentFindings(artifacts: ScanArtifacts): Finding[] {
  const findings: Finding[] = [];
  for (const response of answers(artifacts)) {
    const where = shortUrl(response.finalUrl, artifacts.origin);
    const x402 = readX402(response);
    if (x402?.kind === 'v2') {
      findings.push({
        id: 'agent.x402_ok',
        state: 'good',
        standard: standardRef('x402'),
        text: `Agents can pay here: ${where} answers 402 with x402 v2 payment requirements (${[...new Set(x402.schemes)].join(', ')}).`,
      });
    } else if (x402?.kind === 'v1') {
      findings.push({
        id: 'agent.x402_v1',
        state: 'warn',
        standard: standardRef('x402-v1'),
        text: `${where} answers 402 with x402 v1 requirements in the body; x402 v2 sends them base64-encoded in a PAYMENT-REQUIRED header. Agents on v1 can still pay.`,
      });
    } else if (x402?.kind === 'malformed') {
      findings.push({
        id: 'agent.x402_malformed',
        state: 'bad',
        standard: standardRef('x402'),
        text: `${where} answers 402, but ${x402.why}.`,
      });
    }
    if (/(^|,\s*)Payment(\s|$|,)/.test(response.headers['www-authenticate'] ?? '')) {
      findings.push({
        id: 'agent.http_payment_auth',
        state: 'good',
        standard: standardRef('httpauth-payment'),
        text: `${where} offers HTTP Payment authentication (WWW-Authenticate: Payment).`,
      });
    }
  }
  return findings;
}
