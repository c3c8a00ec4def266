/**
 * What the service publishes about its scanner and its credentials (issue 28):
 * - the Signature Agent Card (draft-meunier-webbotauth-registry-04): OAuth client metadata
 *   (RFC 7591 names, resolvable `client_id`) with one `web_bot_auth` object describing the bot;
 * - `auth.md` (WorkOS auth.md v1): how an agent gets credentials here, which is an API key
 *   created by a person on the dashboard and sent as a bearer token; no agent registration flow.
 * The key directory itself is signed with the keys, so this surface receives it ready-made
 * (deps.ts) from where the signing keys are kept.
 */
import { PATHS, SERVICE_NAME } from './site.ts';

export const SCANNER_TOKEN = 'AgentReadinessScanner';

/** The card's own URL is its `client_id` (a card resolved there must carry it). */
export function signatureAgentCard(baseUrl: string): unknown {
  return {
    client_id: `${baseUrl}${PATHS.signatureAgentCard}`,
    client_name: SCANNER_TOKEN,
    client_uri: `${baseUrl}${PATHS.docs}#scanner`,
    logo_uri: `${baseUrl}${PATHS.logo}`,
    jwks_uri: `${baseUrl}${PATHS.keyDirectory}`,
    web_bot_auth: {
      'expected-user-agent': `${SCANNER_TOKEN}/2.0`,
      'rfc9309-product-token': SCANNER_TOKEN,
      // Honest: discovery files are read whatever robots.txt says (a fetch a person asked for);
      // only sampled inner pages follow the rules for our token (docs page, #scanner).
      'rfc9309-compliance': false,
      trigger: 'fetcher',
      purpose: 'agent-readiness scan of a domain, run when a person asks for it',
      'targeted-content':
        'Discovery documents (robots.txt, sitemaps, llms.txt, /.well-known/) and a few sampled pages',
      'rate-control': 'At most 16 requests in flight per origin; one scan per request by a person',
      'rate-expectation': 'about 30 requests per scan, within 25 seconds',
      'known-urls': [
        '/',
        '/robots.txt',
        '/sitemap.xml',
        '/llms.txt',
        '/llms-full.txt',
        '/auth.md',
        '/.well-known/*',
      ],
    },
  };
}

export function authMarkdown(baseUrl: string): string {
  return [
    '# auth.md',
    '',
    `How an agent gets credentials for the ${SERVICE_NAME} at ${baseUrl}.`,
    '',
    '## Credentials',
    '',
    '- Scans need no credential: 3 scans per UTC day per IP address.',
    `- Everything else takes an API key (\`ars_...\`), created by a person on the [dashboard](${baseUrl}${PATHS.dashboard}) and sent as \`Authorization: Bearer <key>\`. There is no agent self-registration and no OAuth authorization server.`,
    `- Machine-readable: [Protected Resource Metadata](${baseUrl}${PATHS.protectedResource}) (RFC 9728; \`bearer_methods_supported: ["header"]\`).`,
    '',
    '## Scopes',
    '',
    '- `scans:read`, `scans:write`: read and run scans and batches.',
    '- `monitor:read`, `monitor:write`: read and run monitor cases.',
    '- `webhooks:manage`: register and manage webhook endpoints.',
    '',
    '## More',
    '',
    `- [Authentication](${baseUrl}${PATHS.docs}#authentication) in the API documentation.`,
    '',
  ].join('\n');
}
