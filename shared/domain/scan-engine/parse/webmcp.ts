/**
 * WebMCP as static HTML shows it (W3C WebML CG draft): imperative registration through
 * `document.modelContext` (canonical) or `navigator.modelContext` (deprecated alias) in
 * inline scripts, and declarative tools, `<form toolname="..." tooldescription="...">`.
 * Kept out of html.ts: it reads the raw page text, not the parsed facts.
 */

export interface WebMcpFacts {
  /** Which object inline scripts register tools on. */
  imperative: 'document' | 'navigator' | undefined;
  /** Scripts mention WebMCP without a registration we can see (runtime registration). */
  hinted: boolean;
  /** Tool names of forms with both toolname and tooldescription. */
  forms: string[];
  /** Tool names of forms that lack a tooldescription. */
  formsWithoutDescription: string[];
  /** Every <form>, and those with neither a toolname nor a tooldescription (Lighthouse's count). */
  allForms: { total: number; unannotated: number };
}

const REGISTER = /\b(document|navigator)\.modelContext\s*\.\s*(registerTool|provideContext)\s*\(/g;
const FORM_TAG = /<form\b([^>]*)>/gi;

export function webMcpFacts(html: string, inlineScripts: readonly string[]): WebMcpFacts {
  const scripts = inlineScripts.join('\n');
  const owners = new Set([...scripts.matchAll(REGISTER)].map((match) => match[1]));
  const forms: string[] = [];
  const formsWithoutDescription: string[] = [];
  const allForms = { total: 0, unannotated: 0 };
  for (const match of html.matchAll(FORM_TAG)) {
    const attributes = match[1] ?? '';
    const name = attribute(attributes, 'toolname');
    allForms.total += 1;
    if (!name && !attribute(attributes, 'tooldescription')) allForms.unannotated += 1;
    if (name === undefined) continue;
    const description = attribute(attributes, 'tooldescription');
    (description === undefined || description === '' ? formsWithoutDescription : forms).push(
      name || '(empty toolname)',
    );
  }
  const imperative = owners.has('document')
    ? 'document'
    : owners.has('navigator')
      ? 'navigator'
      : undefined;
  return {
    imperative,
    hinted: imperative === undefined && /modelContext|webmcp/i.test(scripts),
    forms,
    formsWithoutDescription,
    allForms,
  };
}

/** An attribute's value in a start tag's attribute text (quoted or bare). */
function attribute(attributes: string, name: string): string | undefined {
  const pattern = new RegExp(
    `(?:^|\\s)${name}(?=[\\s=]|$)(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`,
    'i',
  );
  const match = pattern.exec(attributes);
  if (match === null) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}
