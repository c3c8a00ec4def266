/**
 * What an agent can do on the site beyond its protocols (issue 28), reported under Actionable in
 * the agent check as findings without points (the point table stays scoring_version 2):
 * - credentials: `/auth.md` with an H1 naming it, and `agent_auth` in authorization-server
 *   metadata (WorkOS auth.md v1);
 * - payments: a 402 answer with x402 v2's `PAYMENT-REQUIRED` (base64 JSON, `x402Version: 2`;
 *   v1's requirements in the body as legacy) and `WWW-Authenticate: Payment` challenges;
 * - commerce: the UCP business profile at `/.well-known/ucp` (`ucp.version`) and ACP discovery
 *   at `/.well-known/acp.json`.
 * A site that needs none of these is not asked for them: absence is one `info` finding.
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { looksLikeHtml } from '#shared/domain/scan-engine/html';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';
import { commerceFindings } from './agent-commerce.ts';
import { dnsAidFindings } from './agent-dns-aid.ts';
import { paymentFindings } from './agent-payments.ts';

export function actionFindings(artifacts: ScanArtifacts): Finding[] {
  const credentials = credentialFindings(artifacts);
  const trade = [...paymentFindings(artifacts), ...commerceFindings(artifacts)];
  const dns = dnsAidFindings(artifacts);
  const absent: Finding[] = [];
  if (credentials.length === 0) {
    absent.push({
      id: 'agent.no_agent_auth',
      state: 'info',
      standard: standardRef('auth-md'),
      text: 'Not applicable: no auth.md or agent_auth metadata; a site without agent sign-up does not need them.',
    });
  }
  if (trade.length === 0) {
    absent.push({
      id: 'agent.no_payments',
      state: 'info',
      standard: standardRef('x402'),
      text: 'Not applicable: no payment (x402, HTTP Payment authentication) or commerce (UCP, ACP) endpoint seen; a site that sells nothing to agents does not need them.',
    });
  }
  return [...credentials, ...trade, ...absent, ...dns];
}

function credentialFindings(artifacts: ScanArtifacts): Finding[] {
  const findings: Finding[] = [];
  const standard = standardRef('auth-md');
  const authMd = artifacts.probes['/auth.md'];
  if (isOk(authMd)) {
    const h1 = /^#\s+(.+)$/m.exec(authMd.text)?.[1]?.trim();
    if (looksLikeHtml(authMd.text)) {
      findings.push({
        id: 'agent.auth_md_html',
        state: 'bad',
        standard,
        text: '/auth.md answers an HTML page, not the markdown auth.md agents read.',
      });
    } else if (h1 === undefined || !/auth\.md/i.test(h1)) {
      findings.push({
        id: 'agent.auth_md_no_h1',
        state: 'bad',
        standard,
        text: `/auth.md has no H1 naming it (${h1 === undefined ? 'no H1' : `H1 "${h1.slice(0, 60)}"`}); auth.md v1 opens with "# auth.md".`,
      });
    } else {
      findings.push({
        id: 'agent.auth_md_ok',
        state: 'good',
        standard,
        text: '/auth.md tells agents how to get credentials (H1 names it).',
      });
    }
  }
  for (const [where, fetched] of authServerDocuments(artifacts)) {
    const document = isOk(fetched) && isJsonResponse(fetched) ? parseJson(fetched.text) : undefined;
    if (!isObject(document) || document.agent_auth === undefined) continue;
    findings.push(
      isObject(document.agent_auth)
        ? {
            id: 'agent.agent_auth_ok',
            state: 'good',
            standard,
            text: `Authorization-server metadata at ${shortUrl(where, artifacts.origin)} describes agent sign-up (agent_auth).`,
          }
        : {
            id: 'agent.agent_auth_invalid',
            state: 'bad',
            standard,
            text: `agent_auth in the authorization-server metadata at ${shortUrl(where, artifacts.origin)} is not an object.`,
          },
    );
  }
  return findings;
}

function authServerDocuments(artifacts: ScanArtifacts): Array<[string, Fetched]> {
  const paths = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
  const probes = paths
    .map((path): [string, Fetched | undefined] => [
      `${artifacts.origin}${path}`,
      artifacts.probes[path],
    ])
    .filter((entry): entry is [string, Fetched] => entry[1] !== undefined);
  return [...probes, ...Object.entries(artifacts.authServerMetadata)];
}
