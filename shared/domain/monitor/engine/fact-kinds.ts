/**
 * What a fact-sheet key is about (docs/monitor.md "Method", Prompt blocks and Gaps). A key is the
 * customer's field name (`founded`, `hq_city`, `Gründungsjahr`): it must never be pasted into a
 * prompt, so the brand-fact questions are asked per kind of fact, in each language's own words
 * (prompt-templates.ts). The kind also says what a claimed value can look like: a bare year is a
 * founding date, never a headquarters, so a claim of "1987" read against the `headquarters` key
 * is the judge misplacing a value, not an answer getting the headquarters wrong.
 */

export const FACT_KINDS = [
  'founded',
  'headquarters',
  'leadership',
  'employees',
  'pricing',
  'funding',
  'customers',
  'offering',
  'integrations',
  'other',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/**
 * Words of a key, per kind, in the four template languages; the first kind with a word in the
 * key wins, so `founded_year` is `founded` (not a number of employees) and `hq_city` is
 * `headquarters`.
 */
const KIND_WORDS: readonly [FactKind, readonly string[]][] = [
  [
    'founded',
    [
      'found',
      'founded',
      'founding',
      'established',
      'inception',
      'since',
      'started',
      'gegründet',
      'gründung',
      'gründungsjahr',
      'fondé',
      'fondation',
      'fundación',
      'fundado',
      'fundada',
    ],
  ],
  [
    'headquarters',
    [
      'headquarters',
      'headquartered',
      'hq',
      'head',
      'office',
      'based',
      'location',
      'located',
      'city',
      'country',
      'address',
      'seat',
      'sitz',
      'hauptsitz',
      'standort',
      'siège',
      'siege',
      'sede',
    ],
  ],
  [
    'leadership',
    [
      'ceo',
      'founder',
      'founders',
      'cofounder',
      'owner',
      'president',
      'chief',
      'leader',
      'leadership',
      'director',
      'management',
      'gründer',
      'geschäftsführer',
      'geschäftsführung',
      'fondateur',
      'dirigeant',
      'fundador',
    ],
  ],
  [
    'employees',
    [
      'employees',
      'employee',
      'headcount',
      'staff',
      'team',
      'mitarbeiter',
      'mitarbeitende',
      'beschäftigte',
      'employés',
      'salariés',
      'empleados',
    ],
  ],
  [
    'pricing',
    [
      'price',
      'prices',
      'pricing',
      'cost',
      'costs',
      'plan',
      'plans',
      'tier',
      'tiers',
      'subscription',
      'preis',
      'preise',
      'kosten',
      'tarif',
      'tarife',
      'prix',
      'tarifs',
      'precio',
      'precios',
    ],
  ],
  [
    'funding',
    [
      'funding',
      'funded',
      'raised',
      'investors',
      'investor',
      'investment',
      'valuation',
      'series',
      'finanzierung',
      'investoren',
      'financement',
      'investisseurs',
      'financiación',
      'inversores',
    ],
  ],
  ['customers', ['customers', 'customer', 'clients', 'client', 'users', 'kunden', 'clientes']],
  [
    'integrations',
    ['integrations', 'integration', 'integrates', 'connectors', 'integrationen', 'intégrations'],
  ],
  [
    'offering',
    [
      'product',
      'products',
      'features',
      'feature',
      'services',
      'service',
      'offering',
      'platform',
      'solution',
      'produkt',
      'produkte',
      'funktionen',
      'produit',
      'produits',
      'producto',
      'productos',
    ],
  ],
];

/** The words of a key: `founded_year` -> `founded`, `year`; `HQ-City` -> `hq`, `city`. */
function keyWords(key: string): string[] {
  return key
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The kind of a fact-sheet key; `other` when no word of it says. */
export function factKindOf(key: string): FactKind {
  const words = keyWords(key);
  // `founded_by` names people, not a date.
  if (words.includes('by') && words.some((word) => word.startsWith('found'))) return 'leadership';
  for (const [kind, vocabulary] of KIND_WORDS) {
    if (words.some((word) => vocabulary.includes(word))) return kind;
  }
  // `year` alone (`year`, `Jahr`) is a founding year far more often than anything else.
  if (words.some((word) => word === 'year' || word === 'jahr' || word === 'année')) {
    return 'founded';
  }
  return 'other';
}

/** The fact-sheet keys of each kind present, kinds in the order their first key appears. */
export function factKindsOf(factSheet: Readonly<Record<string, string>>): Map<FactKind, string[]> {
  const kinds = new Map<FactKind, string[]>();
  for (const key of Object.keys(factSheet)) {
    const kind = factKindOf(key);
    kinds.set(kind, [...(kinds.get(kind) ?? []), key]);
  }
  return kinds;
}

const YEAR = /\b(1[89]\d\d|20\d\d|2100)\b/;
const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
/** Nothing but digits, signs and punctuation: a number, a year, a price without words. */
const NUMBER_ONLY = /^[\p{N}\p{P}\p{S}\s]+$/u;

/** Kinds whose value is a place, a person, a list of names: never a bare number. */
const WORDED: ReadonlySet<FactKind> = new Set([
  'headquarters',
  'leadership',
  'customers',
  'offering',
  'integrations',
]);

/**
 * Whether a claimed value can be a claim about this key at all. Implausible: a founding date
 * without a year, a place or a person that is only a number, and a value that is exactly the
 * true value of another key of the fact sheet (and not of this one): the judge put a value
 * under the wrong key. An implausible claim says nothing about this key either way.
 */
export function isPlausibleClaim(
  key: string,
  claimed: string | null,
  factSheet: Readonly<Record<string, string>>,
): boolean {
  if (claimed === null || claimed.trim() === '') return true;
  const kind = factKindOf(key);
  if (kind === 'founded' && !YEAR.test(claimed)) return false;
  if (WORDED.has(kind) && NUMBER_ONLY.test(claimed)) return false;
  const value = fold(claimed);
  const own = fold(factSheet[key] ?? '');
  if (value === own) return true;
  return !Object.entries(factSheet).some(
    ([other, truth]) => other !== key && fold(truth) === value,
  );
}

/** What an answer states about the brand, per kind of fact, as words of an English sentence. */
const STATES: Record<Exclude<FactKind, 'other'>, (brand: string) => string> = {
  founded: (brand) => `when ${brand} was founded`,
  headquarters: (brand) => `where ${brand} is based`,
  leadership: (brand) => `who leads ${brand}`,
  employees: (brand) => `how many people ${brand} employs`,
  pricing: (brand) => `what ${brand} costs`,
  funding: (brand) => `how ${brand} is funded`,
  customers: (brand) => `who ${brand}’s customers are`,
  offering: (brand) => `what ${brand} offers`,
  integrations: (brand) => `what ${brand} integrates with`,
};

/**
 * The fact a key names, said of the brand in a sentence ("answers that state <this>"): "when
 * Acme Analytics was founded", never "the founded of Acme Analytics" (issue 36 point 6). A key of
 * no known kind is said as the brand's own field ("Acme Analytics’s support hours").
 */
export function factStatement(key: string, brand: string): string {
  const kind = factKindOf(key);
  if (kind !== 'other') return STATES[kind](brand);
  const words = key.replace(/[_-]+/g, ' ').trim();
  return `${brand}’s ${words}`;
}
