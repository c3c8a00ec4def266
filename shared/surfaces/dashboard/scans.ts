/**
 * The scan pages over `scan_domain`, `get_scan` and the scan history's `list_domains` and
 * `list_domain_scans` (the account's scans grouped by domain, one domain's changes).
 */
import type { z } from 'zod';
import { listDomainScans, listDomains } from '#shared/domain/scans/history-operations';
import {
  ListDomainScansQuerySchema,
  ListDomainsQuerySchema,
} from '#shared/domain/scans/history-schemas';
import { type ScanReadDeps, type ScanWriteDeps, scanDomain } from '#shared/domain/scans/operations';
import { CreateScanBodySchema, type ScanIdParams } from '#shared/domain/scans/schemas';
import { verifyScan } from '#shared/domain/scans/verify-operations';
import { domainPage, type HistoryFilters } from '#shared/surfaces/dashboard/views/scan-history';
import { scansPage } from '#shared/surfaces/dashboard/views/scans-page';
import { checkFields, type FormState, submitForm } from './form-kit/form.ts';
import type {
  DomainPageQuerySchema,
  DomainPathSchema,
  ScanFormSchema,
  ScansQuerySchema,
} from './forms.ts';
import { HISTORY_SEARCH_FORM, SCAN_FORM } from './forms-scans.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  htmlPage,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

type ScansQuery = z.output<typeof ScansQuerySchema>;

/** The history's filters as the page shows them, and as `list_domains` checks them. */
function filtersOf(query: ScansQuery): HistoryFilters {
  return { q: query.q ?? '', band: query.band ?? '', pillar: query.pillar ?? '' };
}

async function domainHistory(
  input: SessionInput<unknown, unknown, unknown>,
  filters: HistoryFilters,
  cursor: string,
  deps: ScanReadDeps,
) {
  // A search the form's limits refuse is shown at its field, and the list is read without it.
  const refused = checkFields(HISTORY_SEARCH_FORM, { q: filters.q });
  const search: FormState | undefined = refused
    ? { values: { q: filters.q }, error: refused }
    : undefined;
  const used = refused ? { ...filters, q: '' } : filters;
  const query = parseWith(ListDomainsQuerySchema, {
    limit: 20,
    ...Object.fromEntries(Object.entries({ ...used, cursor }).filter(([, value]) => value)),
  });
  const page = await listDomains({ ...input, params: undefined, body: undefined, query }, deps);
  return { domains: page.domains, filters, cursor, next: page.next_cursor, search };
}

export async function scansOverview(
  input: SessionInput<undefined, ScansQuery>,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const history = await domainHistory(
    input,
    filtersOf(input.query),
    input.query.cursor ?? '',
    deps,
  );
  return htmlPage(
    scansPage({ viewer: viewerOf(input.principal), history }),
    history.search ? 400 : 200,
  );
}

/** One domain's scans with what changed in each check (`list_domain_scans`). */
export async function domainScans(
  input: SessionInput<z.output<typeof DomainPathSchema>, z.output<typeof DomainPageQuerySchema>>,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const cursor = input.query.cursor ?? '';
  const query = parseWith(ListDomainScansQuerySchema, cursor ? { cursor } : {});
  const page = await listDomainScans({ ...input, body: undefined, query }, deps);
  return htmlPage(
    domainPage({
      viewer: viewerOf(input.principal),
      domain: page.domain,
      scans: page.scans,
      cursor,
      next: page.next_cursor,
    }),
  );
}

/** Runs the scan as the API would for this account, then shows its result (303). */
export async function runScan(
  input: SessionInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: ScanWriteDeps & ScanReadDeps,
): Promise<PageResponse> {
  const scanned = await submitForm(SCAN_FORM, input.body, () =>
    scanDomain(
      {
        ...input,
        body: parseWith(CreateScanBodySchema, { domain: input.body.domain }, 'invalid_domain'),
      },
      deps,
    ),
  );
  if (scanned.ok) {
    const { scan } = scanned.value;
    return redirect(
      input.body.open === 'history'
        ? DASHBOARD_PATHS.domain(scan.domain)
        : DASHBOARD_PATHS.scan(scan.id),
    );
  }
  const history = await domainHistory(input, { q: '', band: '', pillar: '' }, '', deps);
  return htmlPage(
    scansPage({
      viewer: viewerOf(input.principal),
      history,
      form: scanned.state,
    }),
    scanned.status,
  );
}

/** "Check my fixes": scans again as `verify_scan`, then opens the new scan with the comparison. */
export async function verifyScanFixes(
  input: SessionInput<ScanIdParams>,
  deps: ScanWriteDeps & ScanReadDeps,
): Promise<PageResponse> {
  const { verification } = await verifyScan({ ...input, body: {} }, deps);
  return redirect(
    `${DASHBOARD_PATHS.scan(verification.scan_id)}?verified=${encodeURIComponent(input.params.id)}`,
  );
}
