/**
 * Third-party lookups of the entity check: a sample of the identity's sameAs targets and the
 * Wikidata entity it links. They go to other sites, so they get the short third-party budget
 * and their failures are never the scanned site's fault.
 */
import type { Fetched } from '#shared/domain/scan-engine/artifacts';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import {
  isWalledPlatform,
  pickSameAsSample,
  sameAsUrls,
  wikidataIds,
} from '#shared/domain/scan-engine/parse/same-as';
import type { ScanFetcher } from '#shared/domain/scan-engine/scan-fetcher';
import { ACCEPT, BYTE_CAPS, PRIORITY } from './plan.ts';

export interface EntityTargets {
  sameAs: Record<string, Fetched>;
  wikidata: Record<string, Fetched>;
}

export async function collectEntityTargets(
  fetcher: ScanFetcher,
  input: { homepage: Fetched; facts: PageFacts | undefined },
): Promise<EntityTargets> {
  const urls = sameAsUrls(input.facts);
  const after = [input.homepage];
  const sameAs = Promise.all(
    pickSameAsSample(urls).map(async (url) => {
      const fetched: Fetched = isWalledPlatform(url)
        ? { kind: 'skipped', url, message: 'this platform does not answer anonymous clients' }
        : await fetcher.get(url, {
            accept: ACCEPT.html,
            maxBytes: BYTE_CAPS.thirdParty,
            priority: PRIORITY.followUp,
            budget: 'third-party',
            after,
          });
      return [url, fetched] as const;
    }),
  );
  const wikidata = Promise.all(
    wikidataIds(urls)
      .slice(0, 1)
      .map(async (qid) => {
        const url = `https://www.wikidata.org/wiki/Special:EntityData/${qid}.json`;
        const fetched = await fetcher.get(url, {
          accept: ACCEPT.json,
          maxBytes: BYTE_CAPS.wikidata,
          priority: PRIORITY.followUp,
          budget: 'third-party',
          after,
        });
        return [qid, fetched] as const;
      }),
  );
  const [sameAsEntries, wikidataEntries] = await Promise.all([sameAs, wikidata]);
  return {
    sameAs: Object.fromEntries(sameAsEntries),
    wikidata: Object.fromEntries(wikidataEntries),
  };
}
