/**
 * The query of a cursor-paginated list (docs/decisions.md "The spine, refitted", cursors):
 * `limit` (1 to 100, default 20) and the previous page's `next_cursor`, the same on every list
 * route that pages this way.
 */
import { z } from 'zod';

/** `limit` and `cursor`, described with what the list holds ("Scans", "Jobs"). */
export function pageQueryFields(items: string) {
  return {
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .meta({ description: `${items} per page, 1 to 100` }),
    cursor: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: '`next_cursor` of the previous page' }),
  };
}
