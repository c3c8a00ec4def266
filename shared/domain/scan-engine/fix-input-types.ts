/**
 * The shape of what the fix pack generates its files from (fix-inputs.ts builds it from the
 * scan's artifacts; docs/scan-engine.md "Fix pack"). Apart from the builder so that `types.ts`
 * can name it without a cycle.
 */

/** A page of the site: its address, and what its HTML says when the scan read it. */
export interface FixPage {
  url: string;
  title?: string;
  description?: string;
}

/** What the scan saw that the fix pack's files are made from. */
export interface FixInputs {
  /** The homepage's origin after redirects. */
  origin: string;
  site_name: string;
  description?: string;
  pages: FixPage[];
  organization: { name: string; url: string; logo?: string; same_as: string[] };
  /** robots.txt as served, when it is a file (cut at 32 KiB). */
  robots?: string;
  sitemap_url?: string;
  markdown_url?: string;
  api_catalog_url?: string;
  openapi_url?: string;
  mcp_card_url?: string;
  a2a_card_url?: string;
}
