/**
 * The standards registry: every text a scan signal is judged against, with the revision we
 * read and its date, and which finding names which standard (docs/scan-engine.md
 * "Standards"). Every finding of a scan carries `standard: {name, url, revision}` from here;
 * `/docs#standards` renders this list and the drift log in `standards-drift.ts`.
 *
 * A revision's `date` is the date of the text itself (publication, or the newest commit we
 * read); `checked` is the day we last re-read it against the scan's rules.
 */
import { AGENT_ENTRIES } from './standards-agent-entries.ts';
import { CONTENT_ENTRIES, READ } from './standards-entries.ts';
import type { CheckId, FindingStandard } from './types.ts';

export type StandardStatus = 'final' | 'draft' | 'deprecated';

export interface StandardEntry {
  id: StandardId;
  name: string;
  url: string;
  /** The revision or draft name we judge against. */
  revision: string;
  /** Date of that revision (YYYY-MM-DD, or YYYY-MM when only the month is published). */
  date: string;
  status: StandardStatus;
  /** The day the text was last re-read for the scan's rules. */
  checked: string;
  /** What the scan reads from it, in a few words (docs page). */
  scope: string;
}

const ENTRIES = [...CONTENT_ENTRIES, ...AGENT_ENTRIES] as const;

export type StandardId = (typeof ENTRIES)[number][0];

/** The registry, in display order. */
export const STANDARDS: readonly StandardEntry[] = ENTRIES.map((entry) => {
  const [id, name, url, revision, date, status, scope] = entry;
  const checked = entry.length > 7 ? (entry as readonly unknown[])[7] : READ;
  return { id, name, url, revision, date, status, checked: String(checked), scope };
});

const BY_ID = new Map<string, StandardEntry>(STANDARDS.map((entry) => [entry.id, entry]));

export function standardEntry(id: StandardId): StandardEntry {
  const entry = BY_ID.get(id);
  if (entry === undefined) throw new Error(`No standard ${id} in the registry`);
  return entry;
}

/** What a finding carries: the name, where to read it, and the revision judged against. */
export function standardRef(id: StandardId): FindingStandard {
  const entry = standardEntry(id);
  return { name: entry.name, url: entry.url, revision: entry.revision };
}

/** The standard of a signal, per check; `undefined` key: the check's other findings. */
const SIGNAL_STANDARDS: Record<CheckId, Record<string, StandardId> & { default: StandardId }> = {
  crawler: {
    default: 'rfc9309',
    'content-signal': 'content-signals',
    'edge-identified-client': 'scoring',
    'edge-ai-crawlers': 'scoring',
  },
  sitemap: { default: 'sitemaps' },
  render: { default: 'html' },
  llms: { default: 'llms-txt' },
  markdown: { default: 'markdown-agents' },
  schema: {
    default: 'schema-org',
    'open-graph': 'open-graph',
    metadata: 'html',
    h1: 'html',
    landmarks: 'html',
  },
  api: {
    default: 'rfc9727',
    'service-desc': 'openapi',
    'link-header': 'rfc8288',
    prm: 'rfc9728',
    'auth-server': 'rfc8414',
  },
  agent: {
    default: 'scoring',
    'mcp-card': 'mcp-discovery',
    'mcp-live': 'mcp-discovery',
    'a2a-card': 'a2a',
    skills: 'agent-skills',
    manifests: 'ai-catalog',
  },
  entity: { default: 'schema-org', wikidata: 'wikidata' },
};

/** The standard a signal's findings name when the finding does not name its own. */
export function standardForSignal(check: CheckId, key: string | undefined): FindingStandard {
  const table = SIGNAL_STANDARDS[check];
  return standardRef((key !== undefined ? table[key] : undefined) ?? table.default);
}
