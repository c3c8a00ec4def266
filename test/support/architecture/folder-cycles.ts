/**
 * Import cycles between the folders of one directory (by default the surfaces, shared/surfaces/):
 * each folder is a unit (api, dashboard, http, mcp, pages, ...) and an import from a file of one
 * into a file of another is an edge. A cycle means two folders cannot be read, changed or bundled
 * apart (docs/architecture.md). Checked by test/unit/architecture/folder-cycles.test.ts.
 */
import { IMPORT_SPECIFIER, resolveSpecifier, type SourceFile } from './layers.ts';

/** One import that takes part in a cycle, as evidence. */
export interface CycleEdge {
  from: string;
  to: string;
  file: string;
  imports: string;
}

export interface FolderCycle {
  /** The folders that reach each other, sorted. */
  folders: string[];
  /** The imports between them. */
  edges: CycleEdge[];
}

function folderOf(file: string, root: string): string | undefined {
  if (!file.startsWith(`${root}/`)) return undefined;
  const rest = file.slice(root.length + 1).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

function folderEdges(files: readonly SourceFile[], root: string): CycleEdge[] {
  const edges: CycleEdge[] = [];
  for (const file of files) {
    const from = folderOf(file.path, root);
    if (!from) continue;
    for (const match of file.text.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? '';
      const target = resolveSpecifier(file.path, specifier);
      const to = target ? folderOf(target, root) : undefined;
      if (to && to !== from) edges.push({ from, to, file: file.path, imports: specifier });
    }
  }
  return edges;
}

/** Strongly connected groups of the folder graph (Tarjan), those of more than one folder. */
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
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

export function findFolderCycles(
  files: readonly SourceFile[],
  root = 'shared/surfaces',
): FolderCycle[] {
  const edges = folderEdges(files, root);
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const targets = next.get(edge.from) ?? new Set<string>();
    targets.add(edge.to);
    next.set(edge.from, targets);
  }
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  return stronglyConnected(nodes, next).map((folders) => ({
    folders,
    edges: edges.filter((edge) => folders.includes(edge.from) && folders.includes(edge.to)),
  }));
}
