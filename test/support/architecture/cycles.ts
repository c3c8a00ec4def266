/**
 * Import cycles, over the imports the TypeScript parser reads (imports.ts), at two grains: between
 * the folders of one directory (the surfaces, shared/surfaces/: api, dashboard, http, mcp, ...),
 * where a cycle means two folders cannot be read, changed or bundled apart; and between the files
 * of the domain (shared/domain/), where a cycle means no file of it can be understood first.
 * Type-only imports count: a type that two files need from each other belongs in a third.
 * Checked by test/unit/architecture/cycles.test.ts (docs/architecture.md, "Layers").
 */
import { type Aliases, importsOf, resolveImport } from './imports.ts';
import type { SourceFile } from './sources.ts';

/** One import that takes part in a cycle, as evidence. */
interface CycleEdge {
  from: string;
  to: string;
  file: string;
  imports: string;
}

interface Cycle {
  /** The folders (or files) that reach each other, sorted. */
  members: string[];
  /** The imports between them. */
  edges: CycleEdge[];
}

/** Strongly connected groups of a graph (Tarjan): those of more than one node, or a self-loop. */
function stronglyConnected(nodes: readonly string[], next: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || next.get(node)?.has(node)) groups.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/** The cycles of a graph given as edges, each with the edges among its members. */
function cyclesOf(edges: readonly CycleEdge[]): Cycle[] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const targets = next.get(edge.from) ?? new Set<string>();
    targets.add(edge.to);
    next.set(edge.from, targets);
  }
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  return stronglyConnected(nodes, next).map((members) => ({
    members,
    edges: edges.filter((edge) => members.includes(edge.from) && members.includes(edge.to)),
  }));
}

/** Every import between two repository files, `node` naming the unit each file belongs to. */
function edgesBetween(
  files: readonly SourceFile[],
  aliases: Aliases,
  node: (file: string) => string | undefined,
): CycleEdge[] {
  const edges: CycleEdge[] = [];
  for (const file of files) {
    const from = node(file.path);
    if (!from) continue;
    for (const ref of importsOf(file)) {
      const target = resolveImport(file.path, ref, aliases);
      const to = target.kind === 'file' && ref.exact ? node(target.path) : undefined;
      if (to) edges.push({ from, to, file: file.path, imports: ref.specifier });
    }
  }
  return edges;
}

function folderOf(file: string, root: string): string | undefined {
  if (!file.startsWith(`${root}/`)) return undefined;
  const rest = file.slice(root.length + 1).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

/** Cycles between the folders directly under `root` (by default the surfaces). */
export function findFolderCycles(
  files: readonly SourceFile[],
  aliases: Aliases,
  root = 'shared/surfaces',
): Cycle[] {
  const edges = edgesBetween(files, aliases, (file) => folderOf(file, root));
  return cyclesOf(edges.filter((edge) => edge.from !== edge.to));
}

/** Cycles between the files under `root` (by default the domain), type-only imports included. */
export function findFileCycles(
  files: readonly SourceFile[],
  aliases: Aliases,
  root = 'shared/domain',
): Cycle[] {
  return cyclesOf(
    edgesBetween(files, aliases, (file) => (file.startsWith(`${root}/`) ? file : undefined)),
  );
}

/** One cycle as a line of a failure message. */
export function describeCycle(cycle: Cycle): string {
  const edges = cycle.edges.map((edge) => `${edge.file} imports ${edge.imports}`);
  return `${cycle.members.join(' <-> ')}: ${edges.join('; ')}`;
}
