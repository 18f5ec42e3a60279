// The module graph of src/ from layer-rules.ts' import scanner, and the rules read on it: no import
// cycles, no deep imports across layers, view/ui never reach a ruleset's internals, and only tests and
// benchmarks import the testing entry point. Used by imports.test.ts (which also feeds it bad sources).
import path from 'node:path';
import { findImports, layerOf, type ImportRef, type Violation } from './layer-rules';

/** An import of one src file by another, resolved to the imported file (relative to the repository root). */
export interface Edge {
  from: string;
  to: string;
  ref: ImportRef;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx'];

/**
 * The file a relative specifier names among `files` (as TypeScript resolves it: the path itself, with an
 * extension, a .js written for its .ts, or the folder's index); undefined for packages and non-source files.
 */
export function resolveImport(fromRel: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const base = specifier.startsWith('/')
    ? specifier.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier)).replace(/\/$/, '');
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const tries = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  return tries.find((t) => files.has(t));
}

/** Every import between the given sources (relative path → text), type-only imports included. */
export function importGraph(sources: ReadonlyMap<string, string>): Edge[] {
  const files = new Set(sources.keys());
  const edges: Edge[] = [];
  for (const [from, text] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    for (const ref of findImports(text)) {
      const to = resolveImport(from, ref.specifier, files);
      if (to) edges.push({ from, to, ref });
    }
  }
  return edges;
}

/** Strongly connected components of size > 1 (or with a self-import), each sorted, in a stable order. */
function tangledComponents(nodes: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative (a long import chain must not overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: root, i: 0 }];
    index.set(root, counter); low.set(root, counter++); stack.push(root); onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.node) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter); low.set(w, counter++); stack.push(w); onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); comp.push(w); } while (w !== top.node);
        if (comp.length > 1 || (next.get(top.node) ?? []).includes(top.node)) out.push(comp.sort());
      }
    }
  }
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest way from `start` back to itself inside `within` (breadth first, neighbours in sorted order). */
function shortestCycle(start: string, within: ReadonlySet<string>, next: ReadonlyMap<string, readonly string[]>): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of next.get(v) ?? []) {
      if (!within.has(w)) continue;
      if (w === start) {
        const way = [v];
        while (way[0] !== start) way.unshift(prev.get(way[0]!)!);
        return [...way, start];
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [start, start]; // not reached for a member of a tangled component
}

/**
 * The import cycles, each as a path a → b → … → a starting at its alphabetically first file. Every file
 * caught in a cycle is in at least one listed cycle: per tangle, the shortest cycle through its first file
 * not yet listed, until each of its files is in one.
 */
export function importCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const list = next.get(e.from) ?? [];
    if (!list.includes(e.to)) list.push(e.to);
    next.set(e.from, list);
  }
  for (const list of next.values()) list.sort();
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const comp of tangledComponents(nodes, next)) {
    const within = new Set(comp);
    const covered = new Set<string>();
    for (const start of comp) {
      if (covered.has(start)) continue;
      const way = shortestCycle(start, within, next);
      // Rotate so the cycle starts at its first file: the same cycle is then written one way.
      const ring = way.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]!);
      const rotated = [...ring.slice(first), ...ring.slice(0, first)];
      const key = rotated.join(' → ');
      for (const f of ring) covered.add(f);
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push([...rotated, rotated[0]!]);
    }
  }
  return cycles;
}

/** A layer's entry point: src/<layer>/index.ts (or .tsx). */
const isLayerIndex = (rel: string): boolean => /^src\/[^/]+\/index\.tsx?$/.test(rel);

/**
 * Imports that reach past another layer's index.ts into its files (DESIGN: "code outside a layer
 * imports its index, not deep paths"), and view/ui imports of a ruleset: nothing under src/rules but
 * the registry (src/rules/index.ts), and that only with `import type`.
 */
export function checkEdges(edges: readonly Edge[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edges) {
    const home = layerOf(e.from)?.layer;
    const there = layerOf(e.to)?.layer;
    if (!home || !there) continue;
    const flag = (message: string) => out.push({ file: e.from, line: e.ref.line, message: `${home} imports "${e.ref.specifier}": ${message}` });
    if (there === 'testing' && home !== 'testing') {
      flag('only tests and benchmarks import the testing entry point');
      continue;
    }
    if ((home === 'view' || home === 'ui') && there === 'rules') {
      if (!isLayerIndex(e.to)) flag(`${home} never imports a ruleset's internals (${e.to})`);
      else if (!e.ref.typeOnly) flag(`${home} may import the rules registry only with \`import type\``);
      continue;
    }
    if (home !== there && !isLayerIndex(e.to)) flag(`a deep import into ${there} (${e.to}): import src/${there}/index.ts`);
  }
  return out;
}

/**
 * A ruleset's rules never reach its player (src/rules/<id>/player/), directly or through other files:
 * only the module's index.ts (which hands the player to the registry) and a tests' barrel (engine.ts)
 * may. Each offending rules file once, with the first import on its way to the player.
 */
export function rulesReachingPlayer(edges: readonly Edge[]): Violation[] {
  const next = new Map<string, Edge[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e]);
  const rulesetOf = (f: string) => /^src\/rules\/([^/]+)\//.exec(f)?.[1];
  const isPlayer = (f: string, id: string) => f.startsWith(`src/rules/${id}/player/`);
  const mayHold = (f: string, id: string) => f === `src/rules/${id}/index.ts` || f === `src/rules/${id}/engine.ts` || isPlayer(f, id);
  const out: Violation[] = [];
  const files = [...new Set(edges.map((e) => e.from))].sort();
  for (const start of files) {
    const id = rulesetOf(start);
    if (!id || mayHold(start, id)) continue;
    // Breadth first from the file; remember the first edge each reached file came by.
    const firstEdge = new Map<string, Edge>();
    const queue = [start];
    for (let q = 0; q < queue.length; q++) {
      for (const e of next.get(queue[q]!) ?? []) {
        if (e.to === start || firstEdge.has(e.to)) continue;
        firstEdge.set(e.to, q === 0 ? e : firstEdge.get(queue[q]!)!);
        queue.push(e.to);
      }
    }
    const reached = [...firstEdge.keys()].sort().find((f) => isPlayer(f, id));
    if (reached) {
      const via = firstEdge.get(reached)!;
      out.push({ file: start, line: via.ref.line, message: `rules import "${via.ref.specifier}", which reaches the player (${reached}): the rules never import their player` });
    }
  }
  return out;
}
