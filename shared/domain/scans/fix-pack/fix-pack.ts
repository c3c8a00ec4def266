/**
 * The fix pack of a scan (issue 38, point 4; docs/scan-engine.md "Fix pack"): one fix per finding
 * id the scan raised as `warn` or `bad`, with the points it is worth on the site's score, the
 * address it applies to, the steps (what the scan found, then the registry's fix) and, where the
 * fix is a file, the file generated from what the scan saw. Most points first.
 */
import { ALL_AI_TOKENS } from '#shared/domain/scan-engine/ai-tokens';
import { findingType } from '#shared/domain/scan-engine/finding-types';
import { blockedTokenId } from '#shared/domain/scan-engine/findings/token-ids';
import type { FixInputs } from '#shared/domain/scan-engine/fix-inputs';
import { gainOf, withoutGain } from '#shared/domain/scan-engine/report-notes';
import type { CheckId, FindingId } from '#shared/domain/scan-engine/types';
import type { StoredScan } from '#shared/domain/scans/ports';
import {
  catalogFiles,
  type FixFile,
  linkHeadersFile,
  llmsTxtFile,
  organizationJsonLd,
} from './documents.ts';
import { robotsFile } from './robots-file.ts';

/** One fix as `GET /api/v1/scans/{id}/fixes` lists it. */
export interface FixView {
  finding_id: FindingId;
  check: CheckId;
  title: string;
  impact_points: number;
  target_url: string;
  steps: string[];
  files: FixFile[];
}

const ROBOTS_FIXES = new Set<string>([
  'crawler.no_ai_policy',
  'crawler.content_signal_missing',
  'crawler.content_signal_invalid',
  'crawler.content_signal_header_invalid',
  'crawler.robots_missing',
  'crawler.robots_catch_all',
  'crawler.robots_html',
  'crawler.robots_wrong_type',
  'sitemap.not_in_robots',
]);
const CATALOG_FIXES =
  /^agent\.(manifest_missing|ai_catalog_(not_json|malformed)|ard_(not_json|malformed))$/;
const JSON_LD_FIXES = new Set<string>([
  'schema.no_json_ld',
  'schema.invalid_json_ld',
  'schema.microdata_only',
  'schema.identity_incomplete',
  'entity.no_same_as',
]);

/** The inputs of a scan stored before they existed: what its domain alone tells. */
function fallbackInputs(scan: StoredScan): FixInputs {
  const origin = `https://${scan.domain}`;
  return {
    origin,
    site_name: scan.domain,
    pages: [{ url: `${origin}/` }],
    organization: { name: scan.domain, url: `${origin}/`, same_as: [] },
  };
}

function blockedTokens(ids: ReadonlySet<string>): string[] {
  return ALL_AI_TOKENS.filter((token) => ids.has(blockedTokenId(token)));
}

/** The files that fix a finding, generated once per pack. */
function filesFor(id: string, inputs: FixInputs, raised: ReadonlySet<string>): FixFile[] {
  if (ROBOTS_FIXES.has(id) || (/^crawler\.[a-z_]+_blocked$/.test(id) && raised.has(id))) {
    return [
      {
        path: '/robots.txt',
        media_type: 'text/plain',
        content: robotsFile(inputs, blockedTokens(raised)),
      },
    ];
  }
  if (id.startsWith('llms.') && id !== 'llms.no_extras' && id !== 'llms.unreadable') {
    return [llmsTxtFile(inputs)];
  }
  if (CATALOG_FIXES.test(id)) return catalogFiles(inputs);
  if (JSON_LD_FIXES.has(id)) return [organizationJsonLd(inputs)];
  const headers =
    id === 'llms.no_extras'
      ? linkHeadersFile(inputs, { describedby: true })
      : id === 'markdown.not_advertised' || id === 'markdown.mirror_not_linked'
        ? linkHeadersFile(inputs, {
            ...(inputs.markdown_url ? { markdown: inputs.markdown_url } : {}),
          })
        : id === 'api.no_link_header'
          ? linkHeadersFile(inputs, { apiCatalog: inputs.api_catalog_url !== undefined })
          : undefined;
  return headers === undefined ? [] : [headers];
}

const FILE_STEPS: Record<string, string> = {
  '/robots.txt': 'Replace /robots.txt with the file below (your other rules are kept).',
  '/llms.txt':
    'Serve the file below at /llms.txt as text/markdown; edit the summary and links as you like.',
  '/.well-known/ard.json':
    'Serve the two files below at their paths as application/json, after replacing each REPLACE placeholder in representativeQueries with questions people ask.',
  '/': 'Add the JSON-LD below to the <head> of your homepage in a <script type="application/ld+json"> element; point logo at your logo.',
  '/_headers':
    'Send these Link headers with your homepage: Netlify and Cloudflare Pages read the _headers file below as it is; elsewhere add them in your server or CDN configuration.',
};

const DEFAULT_TARGET: Partial<Record<CheckId, string>> = {
  crawler: '/robots.txt',
  sitemap: '/sitemap.xml',
  llms: '/llms.txt',
};

/** The fix pack of a stored scan, most points first. */
export function buildFixPack(scan: StoredScan): FixView[] {
  const inputs = scan.fix_inputs ?? fallbackInputs(scan);
  const max = scan.checks.reduce((sum, check) => sum + check.max, 0);
  const raised = new Set(
    scan.checks.flatMap((check) =>
      check.findings.filter((f) => f.state === 'bad' || f.state === 'warn').map((f) => f.id),
    ),
  );
  const fixes = new Map<string, FixView & { gain: number; found: string[] }>();
  for (const check of scan.checks) {
    for (const finding of check.findings) {
      if (finding.state !== 'bad' && finding.state !== 'warn') continue;
      const known = fixes.get(finding.id);
      if (known) {
        known.found.push(withoutGain(finding.text));
        known.gain += gainOf(finding);
        continue;
      }
      const type = findingType(finding.id);
      const files = filesFor(finding.id, inputs, raised);
      const path = files[0]?.path ?? DEFAULT_TARGET[check.id] ?? '/';
      fixes.set(finding.id, {
        finding_id: finding.id,
        check: check.id,
        title: type.title,
        impact_points: 0,
        target_url: new URL(path === '/_headers' ? '/' : path, inputs.origin).toString(),
        steps: [type.fix, ...(files[0] ? [FILE_STEPS[files[0].path] ?? ''] : [])].filter(Boolean),
        found: [withoutGain(finding.text)],
        files,
        gain: gainOf(finding),
      });
    }
  }
  return [...fixes.values()]
    .map(({ gain, found, ...fix }) => ({
      ...fix,
      steps: [...found, ...fix.steps],
      impact_points: max === 0 ? 0 : Math.round((1000 * gain) / max) / 10,
    }))
    .sort((a, b) => b.impact_points - a.impact_points);
}
