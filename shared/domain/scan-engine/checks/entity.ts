/**
 * Check 9 `entity` (D, 14): does the site tie itself to identities that AI systems already
 * know (sameAs to Wikidata, Wikipedia, GitHub...), and do those identities point back?
 * Third-party lookups that cannot be made (offline, walled platform, timeout) are
 * unverifiable (half), never failed.
 */
import {
  describeAddress,
  isIpLiteral,
  isLocalHostname,
} from '#shared/domain/kernel/net/address-policy';
import {
  describeFailure,
  type Fetched,
  isOk,
  isResponse,
  type ScanArtifacts,
} from '#shared/domain/scan-engine/artifacts';
import { homepageFacts, noHomepageFinding } from '#shared/domain/scan-engine/context';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import {
  hostMatches,
  pickSameAsSample,
  platformOf,
  sameAsUrls,
  wikidataIds,
} from '#shared/domain/scan-engine/parse/same-as';
import {
  atBestHalf,
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import { registrableDomain } from '#shared/domain/scan-engine/site';
import type { Check } from '#shared/domain/scan-engine/types';

export const ENTITY_CHECK: CheckDefinition = {
  id: 'entity',
  pillar: 'D',
  title: 'Entity identity and third-party presence',
};

const POINTS = { sameAs: 3, resolvable: 3, wikidata: 4, corroboration: 4 } as const;

/** Platforms whose pages identify an organisation or person to search and AI systems. */
export const AUTHORITY_PLATFORMS = [
  'wikidata.org',
  'wikipedia.org',
  'github.com',
  'linkedin.com',
  'crunchbase.com',
  'x.com',
  'twitter.com',
  'youtube.com',
  'facebook.com',
  'instagram.com',
  'mastodon.social',
  'bsky.app',
  'npmjs.com',
  'pypi.org',
] as const;

type TargetOutcome = 'verified' | 'broken' | 'unverifiable';

export function evaluateEntity(artifacts: ScanArtifacts): Check {
  const facts = homepageFacts(artifacts);
  if (facts === undefined) {
    return buildCheck(ENTITY_CHECK, [
      fail('same-as', POINTS.sameAs, noHomepageFinding('entity.no_homepage')),
      fail('same-as-resolvable', POINTS.resolvable),
      fail('wikidata', POINTS.wikidata),
      corroborationUnchecked(fail('corroboration', POINTS.corroboration)),
    ]);
  }
  const urls = sameAsUrls(facts);
  if (urls.length === 0 && !onPublicWeb(artifacts.origin)) {
    return buildCheck(ENTITY_CHECK, [
      notApplicable('same-as', POINTS.sameAs, {
        id: 'entity.private_address',
        state: 'unknown',
        text: `Not applicable: ${new URL(artifacts.origin).hostname} is a private-network or local address, not a name on the public web, so no public profile, Wikidata item (P856) or third-party page can name it. sameAs links published here would still be scored.`,
      }),
      notApplicable('same-as-resolvable', POINTS.resolvable),
      notApplicable('wikidata', POINTS.wikidata),
      notApplicable('corroboration', POINTS.corroboration),
    ]);
  }
  if (urls.length === 0) {
    return buildCheck(ENTITY_CHECK, [
      fail('same-as', POINTS.sameAs, {
        id: 'entity.no_same_as',
        state: 'bad',
        text: 'The identity JSON-LD has no sameAs links, so nothing beyond the site can be credited. Add sameAs URLs to your Wikidata, Wikipedia, GitHub, LinkedIn... profiles so AI systems can tie the site to a known entity.',
      }),
      fail('same-as-resolvable', POINTS.resolvable),
      corroborationUnchecked(fail('corroboration', POINTS.corroboration)),
      wikidataAbsent(),
    ]);
  }
  const recognised = urls.filter((url) => AUTHORITY_PLATFORMS.some((p) => hostMatches(url, p)));
  const platforms = new Set(recognised.map(platformOf).filter(Boolean));
  const outcomes = pickSameAsSample(urls).map(
    (url) => [url, targetOutcome(artifacts.sameAsTargets[url])] as const,
  );
  const verified = outcomes.filter(([, outcome]) => outcome === 'verified');
  const broken = outcomes.filter(([, outcome]) => outcome === 'broken');
  const unknown = outcomes.filter(([, outcome]) => outcome === 'unverifiable');
  const published =
    verified.length > 0 || (broken.length === 0 && unknown.length > 0 && platforms.size > 0);
  return buildCheck(ENTITY_CHECK, [
    sameAsSignal(urls.length, platforms),
    resolvableSignal(verified.length, broken, unknown, outcomes.length),
    wikidataSignal(artifacts, urls),
    corroborationSignal(published),
  ]);
}

/**
 * Whether the origin can be an identity on the public web: a domain name under a public suffix
 * or a public unicast address. Loopback, private and link-local addresses and local names
 * (`localhost`, `.internal`...) are reached only on a private network, which the scanner does
 * only when told to (docs/scan-engine.md, "Safe fetch"); no third party can link to them.
 */
function onPublicWeb(origin: string): boolean {
  const host = new URL(origin).hostname;
  if (isIpLiteral(host)) return describeAddress(host).isPublicUnicast;
  return !isLocalHostname(host);
}

function sameAsSignal(count: number, platforms: ReadonlySet<string | undefined>): Signal {
  if (platforms.size === 0) {
    return fail('same-as', POINTS.sameAs, {
      id: 'entity.same_as_unrecognised',
      state: 'warn',
      text: `sameAs links (${count}) point to no recognised authority (Wikidata, Wikipedia, GitHub, LinkedIn...).`,
    });
  }
  return partial('same-as', POINTS.sameAs, Math.min(platforms.size, 3) / 3, {
    ...(platforms.size >= 3
      ? { id: 'entity.same_as_ok', state: 'good' }
      : { id: 'entity.same_as_few', state: 'warn' }),
    text: `sameAs names ${platforms.size} recognised platform(s): ${[...platforms].join(', ')}${platforms.size < 3 ? '; add more (up to three count)' : ''}.`,
  });
}

const CORROBORATION_NOTE = 'mentions in AI answers, directories and reviews';

/** Presence beyond the site is never verifiable from outside: a fix earns half at best. */
function corroborationUnchecked(signal: Signal): Signal {
  return atBestHalf(signal, CORROBORATION_NOTE);
}

/** Presence beyond the site cannot be verified from outside: half, once an identity is published. */
function corroborationSignal(identityPublished: boolean): Signal {
  if (identityPublished) {
    return unverifiable('corroboration', POINTS.corroboration, {
      cause: 'outside',
      note: `${CORROBORATION_NOTE} (credited because a third-party identity is published)`,
    });
  }
  return corroborationUnchecked(
    fail('corroboration', POINTS.corroboration, {
      id: 'entity.corroboration_missing',
      state: 'bad',
      text: 'No verifiable third-party identity published (sameAs targets are broken or unrecognised), so presence beyond the site cannot be credited.',
    }),
  );
}

function targetOutcome(fetched: Fetched | undefined): TargetOutcome {
  if (fetched === undefined || !isResponse(fetched)) {
    return 'unverifiable';
  }
  if (fetched.status >= 200 && fetched.status < 400) {
    return 'verified';
  }
  // 401/403/429/999: the platform refuses anonymous clients; it says nothing about the page.
  if ([401, 403, 429, 999].includes(fetched.status)) {
    return 'unverifiable';
  }
  return 'broken';
}

function resolvableSignal(
  verified: number,
  broken: ReadonlyArray<readonly [string, TargetOutcome]>,
  unknown: ReadonlyArray<readonly [string, TargetOutcome]>,
  total: number,
): Signal {
  if (total === 0) {
    return fail('same-as-resolvable', POINTS.resolvable);
  }
  if (broken.length > 0) {
    return partial(
      'same-as-resolvable',
      POINTS.resolvable,
      (verified + unknown.length / 2) / total,
      {
        id: 'entity.same_as_broken',
        state: 'bad',
        text: `${broken.length} of ${total} sampled sameAs targets are broken (${broken.map(([url]) => url).join(', ')}); fix or remove them.`,
      },
    );
  }
  if (unknown.length === total) {
    return unverifiable('same-as-resolvable', POINTS.resolvable, {
      cause: 'outside',
      note: `whether the sameAs targets answer (${unknown.map(([url]) => url).join(', ')} could not be reached from the scanner)`,
    });
  }
  return partial('same-as-resolvable', POINTS.resolvable, (verified + unknown.length / 2) / total, {
    id: 'entity.same_as_resolvable',
    state: 'good',
    text: `${verified} of ${total} sampled sameAs targets answer${unknown.length > 0 ? `; ${unknown.length} could not be checked and count half` : ''}.`,
  });
}

function wikidataAbsent(): Signal {
  return fail('wikidata', POINTS.wikidata, {
    id: 'entity.wikidata_missing',
    state: 'warn',
    text: 'No Wikidata item is linked. If your organisation has one, add its URL to sameAs and set its "official website" (P856) to this domain.',
  });
}

function wikidataSignal(artifacts: ScanArtifacts, urls: readonly string[]): Signal {
  const qid = wikidataIds(urls)[0];
  if (qid === undefined) {
    return wikidataAbsent();
  }
  const fetched = artifacts.wikidata[qid];
  if (!isOk(fetched)) {
    if (isResponse(fetched) && fetched.status === 404) {
      return fail('wikidata', POINTS.wikidata, {
        id: 'entity.wikidata_not_found',
        state: 'bad',
        text: `sameAs links Wikidata ${qid}, which does not exist.`,
      });
    }
    return unverifiable('wikidata', POINTS.wikidata, {
      cause: 'outside',
      note: `Wikidata ${qid} (linked, but the lookup failed: ${fetched ? describeFailure(fetched) : 'not fetched'})`,
    });
  }
  const websites = officialWebsites(parseJson(fetched.text), qid);
  if (websites === undefined) {
    return unverifiable('wikidata', POINTS.wikidata, {
      cause: 'outside',
      note: `Wikidata ${qid} (it answered, but its data could not be read)`,
    });
  }
  const site = registrableDomain(artifacts.origin);
  const matches = websites.some((website) => {
    try {
      return registrableDomain(website) === site;
    } catch {
      return false;
    }
  });
  if (matches) {
    return pass('wikidata', POINTS.wikidata, {
      id: 'entity.wikidata_confirmed',
      state: 'good',
      text: `Wikidata ${qid} lists this domain as its official website (P856): the identity is confirmed both ways.`,
    });
  }
  return partial('wikidata', POINTS.wikidata, 0.5, {
    id: 'entity.wikidata_website_mismatch',
    state: 'warn',
    text: `Wikidata ${qid} exists but its official website (P856) is ${websites.length > 0 ? websites.join(', ') : 'not set'}; set it to ${site} so the link works both ways.`,
  });
}

/** P856 values of a Special:EntityData JSON document; undefined when unreadable. */
function officialWebsites(document: unknown, qid: string): string[] | undefined {
  if (!isObject(document) || !isObject(document.entities)) {
    return undefined;
  }
  const entity = document.entities[qid] ?? Object.values(document.entities)[0];
  if (!isObject(entity) || !isObject(entity.claims)) {
    return undefined;
  }
  const claims = entity.claims.P856;
  if (!Array.isArray(claims)) {
    return [];
  }
  return claims
    .map((claim) => {
      const value =
        isObject(claim) && isObject(claim.mainsnak) && isObject(claim.mainsnak.datavalue)
          ? claim.mainsnak.datavalue.value
          : undefined;
      return typeof value === 'string' ? value : undefined;
    })
    .filter((value): value is string => value !== undefined);
}
