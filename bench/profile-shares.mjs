// Shares of a CPU profile (.cpuprofile, e.g. from bench/profile-games.ts --profile): the functions with
// the most self and total time, or one function's callees merged over all its calls, each as a share of
// every sample. Functions are named name:line (the bundle's line, as the profile has it).
// Usage: node bench/profile-shares.mjs FILE.cpuprofile [--top N] [--callees name:line [--depth D] [--min PERCENT]]
import { readFileSync } from 'node:fs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-shares.mjs FILE.cpuprofile [--top N] [--callees name:line [--depth D] [--min PERCENT]]');
  process.exit(2);
}
const named = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const hits = new Map();
for (const s of p.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
const all = p.samples.length;
const key = (n) => `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber + 1}`;
const pct = (v) => `${((100 * v) / all).toFixed(1).padStart(5)}%`;

const callee = named('--callees');
if (callee) {
  // The function's callees, merged over every outermost call of it (a recursive call counts once).
  const total = new Map();
  const totalOf = (id) => {
    if (total.has(id)) return total.get(id);
    let t = hits.get(id) ?? 0;
    for (const c of byId.get(id).children ?? []) t += totalOf(c);
    total.set(id, t);
    return t;
  };
  const depth = Number(named('--depth') ?? 3);
  const min = Number(named('--min') ?? 0.3);
  const root = { k: callee, t: 0, ch: new Map() };
  const add = (m, id, d) => {
    m.t += totalOf(id);
    if (!d) return;
    for (const c of byId.get(id).children ?? []) {
      const k = key(byId.get(c));
      if (!m.ch.has(k)) m.ch.set(k, { k, t: 0, ch: new Map() });
      add(m.ch.get(k), c, d - 1);
    }
  };
  const walk = (id) => {
    if (key(byId.get(id)) === callee) return add(root, id, depth);
    for (const c of byId.get(id).children ?? []) walk(c);
  };
  walk(p.nodes[0].id);
  const print = (m, indent) => {
    if ((100 * m.t) / all < min) return;
    console.log(`${pct(m.t)} ${' '.repeat(indent)}${m.k}`);
    [...m.ch.values()].sort((a, b) => b.t - a.t).forEach((c) => print(c, indent + 2));
  };
  print(root, 0);
} else {
  // Self time by function; total time by function, each function counted once per sample (recursion).
  const self = new Map();
  const total = new Map();
  for (const [id, n] of hits) {
    const k = key(byId.get(id));
    self.set(k, (self.get(k) ?? 0) + n);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const ck = key(byId.get(cur));
      if (seen.has(ck)) continue;
      seen.add(ck);
      total.set(ck, (total.get(ck) ?? 0) + n);
    }
  }
  const top = Number(named('--top') ?? 30);
  const list = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${pct(v)} ${k}`).join('\n');
  console.log(`${all} samples\nself time:\n${list(self)}\ntotal time:\n${list(total)}`);
}
