// Malformed versions of real files for the bad-input property tests: broken JSON text, junk values,
// out-of-range numbers, deleted and unknown fields. Picks come from a small seeded generator, so a
// fast-check seed (one integer) names the whole mutant.

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Key = string | number;

/** A small seeded generator (mulberry32): the picks of one mutation. */
export class Picks {
  private s: number;
  constructor(seed: number) { this.s = seed >>> 0; }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number { return Math.floor(this.next() * n); }
  one<T>(xs: readonly T[]): T {
    if (!xs.length) throw new Error('Picks.one of nothing');
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean { return this.next() < p; }
}

/** Every path to a value inside `v` (not the root), depth first. */
export function valuePaths(v: Json, at: Key[] = [], out: Key[][] = []): Key[][] {
  if (at.length) out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => valuePaths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) valuePaths(x, [...at, k], out);
  return out;
}

export function getAt(root: Json, path: readonly Key[]): Json {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[k];
  }
  return v;
}

export function setAt(root: Json, path: readonly Key[], value: Json): void {
  const parent = getAt(root, path.slice(0, -1));
  parent[path[path.length - 1]!] = value;
}

export function deleteAt(root: Json, path: readonly Key[]): void {
  const parent = getAt(root, path.slice(0, -1));
  const k = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof k === 'number') parent.splice(k, 1);
  else delete parent[k];
}

/** Values no field expects: wrong types, huge, tiny, negative and empty. */
export const JUNK: readonly Json[] = Object.freeze([
  null, true, false, '', 'ghost', '12', 0, -1, 0.5, -0.5, 1e7, -1e7, 1e308, -1e308, 5e-324, 2 ** 53, 3.7,
  [], [0], [0, 0], [1e308, 1e308], [-5, -5], {}, { x: 1 }, [[0, 0], [1, 1]], 'north', '#zzzzzz',
]);

/** A fresh copy of one junk value (the document may be mutated further). */
export function junk(p: Picks): Json {
  return structuredClone(p.one(JUNK));
}

/** Factors that push a number out of its range (or to a boundary). */
const FACTORS = [0, -1, 1e-9, 10, 1000, 1e6, 1e300, -1e300, 1.0000001];

/** Text-level damage: truncation, a deleted, inserted or replaced character. */
export function damageText(text: string, p: Picks): string {
  const i = p.int(text.length + 1);
  const ch = p.one(['{', '}', '[', ']', ',', ':', '"', '\\', 'x', '0', '-', 'e', ' ', '\u0000', '\n', 'NaN', 'Infinity', '//']);
  switch (p.int(4)) {
    case 0: return text.slice(0, i);
    case 1: return text.slice(0, i) + text.slice(i + 1);
    case 2: return text.slice(0, i) + ch + text.slice(i);
    default: return text.slice(0, i) + ch + text.slice(i + ch.length);
  }
}

/** A value inside a document: its key and its parent's node (undefined under the root). */
interface ValueNode { up: ValueNode | undefined; key: Key; value: Json }

/** Every value inside `v` (not the root), depth first (valuePaths' order); a path is spelt out only for the picked one. */
function valueNodes(v: Json, up: ValueNode | undefined, out: ValueNode[]): ValueNode[] {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { const n = { up, key: i, value: v[i] }; out.push(n); valueNodes(v[i], n, out); }
  } else if (v && typeof v === 'object') {
    for (const k in v) { const n = { up, key: k, value: v[k] }; out.push(n); valueNodes(v[k], n, out); }
  }
  return out;
}

function pathOf(n: ValueNode): Key[] {
  const path: Key[] = [];
  for (let at: ValueNode | undefined = n; at; at = at.up) path.push(at.key);
  return path.reverse();
}

/**
 * Value-level damage anywhere in the document: junk, a scaled number, a deleted or unknown field.
 * One walk of the document gives every value with a link to its parent (no path built per value,
 * no walk back down a path per pick): a large scenario's mutant is then cheap beside judging it.
 */
export function damageValue(doc: Json, p: Picks): void {
  const entries = valueNodes(doc, undefined, []);
  const picked = p.one(entries);
  const path = pathOf(picked), v = picked.value;
  switch (p.int(5)) {
    case 0: setAt(doc, path, junk(p)); break;
    case 1: {
      const nums = entries.filter((e) => typeof e.value === 'number');
      if (nums.length) {
        const q = p.one(nums);
        setAt(doc, pathOf(q), q.value * p.one(FACTORS) + (p.chance(0.3) ? p.one([-1, 1, 1e5]) : 0));
      }
      break;
    }
    case 2: deleteAt(doc, path); break;
    case 3: {
      const objects = entries.filter((e) => e.value && typeof e.value === 'object' && !Array.isArray(e.value));
      if (objects.length) p.one(objects).value.surprise = junk(p);
      break;
    }
    default:
      // A string id or name swapped for another string of the document (unknown or duplicate ids).
      if (typeof v === 'string') {
        const strings = entries.filter((e) => typeof e.value === 'string');
        setAt(doc, path, p.chance(0.5) ? p.one(strings).value : `${v}_ghost`);
      } else setAt(doc, path, junk(p));
  }
}

/** Tokens of a JSON path such as $.features[3].floors[1] or $.options.rules.opt-snow (null when it is not one). */
export function pathKeys(path: string): Key[] | null {
  if (!path.startsWith('$')) return null;
  const keys: Key[] = [];
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < path.length) {
    const at = re.lastIndex;
    const m = re.exec(path);
    if (!m || m.index !== at) return null;
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
  }
  return keys;
}
