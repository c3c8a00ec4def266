/**
 * Reading a response body up to a size cap, for the scan fetcher (safe-fetch.ts) and the webhook
 * sender (webhook-attempt.ts): each decides what a body that breaks off means and how to drop
 * the rest, so this never throws and never closes anything itself.
 */

/** What was read: at most the cap, whether more was left, and the error that ended it early. */
export interface CappedRead {
  body: Buffer;
  /** The cap was reached: the source had more than `body`. */
  truncated: boolean;
  /** The source failed before it ended; `body` holds what came before the failure. */
  error: Error | undefined;
}

/**
 * Reads `source` until it ends or `maxBytes` are read. Leaving the loop at the cap ends the
 * iteration (a stream is destroyed by it); the caller tears down whatever feeds the source.
 */
export async function readCapped(
  source: AsyncIterable<unknown>,
  maxBytes: number,
): Promise<CappedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      const room = maxBytes - total;
      if (buffer.length > room) {
        chunks.push(buffer.subarray(0, room));
        return { body: Buffer.concat(chunks, maxBytes), truncated: true, error: undefined };
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { body: Buffer.concat(chunks, total), truncated: false, error: failure };
  }
  return { body: Buffer.concat(chunks, total), truncated: false, error: undefined };
}
