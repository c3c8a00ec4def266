/**
 * Every cursor-paginated list of the API, and an async iterator over its items across pages.
 * A list answers `{<items>: [...], next_cursor}`; the next page is asked for with
 * `cursor=<next_cursor>` until it is null. test/client/pagination.test.ts checks this table
 * against the OpenAPI document, so a new cursor list cannot be left without a helper.
 */
import type { paths } from './generated/openapi.ts';

export const CURSOR_LISTS = {
  '/api/v1/scans': 'scans',
  '/api/v1/domains': 'domains',
  '/api/v1/domains/{domain}/scans': 'scans',
  '/api/v1/scans/batch': 'jobs',
  '/api/v1/cases': 'cases',
  '/api/v1/cases/{id}/runs/{run_id}/answers': 'answers',
  '/api/v1/account/audit-log': 'events',
} as const;

export type CursorListPath = keyof typeof CURSOR_LISTS;

type PageOf<P extends CursorListPath> =
  paths[P]['get']['responses'][200]['content']['application/json'];

/** One item of a list (`ScanSummary`, `BatchJob`, `CaseListEntry`). */
export type ItemOf<P extends CursorListPath> =
  PageOf<P> extends Record<(typeof CURSOR_LISTS)[P], readonly (infer Item)[]> ? Item : never;

/** The list's query parameters, without the cursor the iterator manages. */
export type ListQuery<P extends CursorListPath> = Omit<
  NonNullable<paths[P]['get']['parameters']['query']>,
  'cursor'
>;

export type PageFetcher = (
  path: CursorListPath,
  query: Record<string, unknown>,
  pathParams: Record<string, string>,
) => Promise<Record<string, unknown>>;

export async function* paginate<P extends CursorListPath>(
  fetchPage: PageFetcher,
  path: P,
  query: ListQuery<P> = {} as ListQuery<P>,
  pathParams: Record<string, string> = {},
): AsyncGenerator<ItemOf<P>, void, undefined> {
  let cursor: string | null = null;
  do {
    const page = await fetchPage(
      path,
      { ...query, ...(cursor === null ? {} : { cursor }) },
      pathParams,
    );
    const items = page[CURSOR_LISTS[path]] as ItemOf<P>[];
    yield* items;
    cursor = (page.next_cursor as string | null | undefined) ?? null;
  } while (cursor !== null);
}
