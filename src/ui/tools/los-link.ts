// A sight line in the address bar, so a verdict can be sent: `?scenario=…&from=140,90,4&to=65,60`.
// Points are the CLI's forms (`x,z`, `x,z,floor`, `x,z,floor,@h` — h cm above that floor), a
// figure is `figure:ID`; `target=figure` asks for the picked figure alone instead of its unit.
// Numbers are written in full, so the link gives back exactly the same points.
import type { SightEnd, TargetMode } from '../../view';

export interface LosLink {
  observer: SightEnd;
  target: SightEnd | null;
  mode: TargetMode;
}

export function formatEnd(end: SightEnd): string {
  if (end.kind === 'figure') return `figure:${end.figureId}`;
  const head = `${end.x},${end.z}`;
  if (end.above !== undefined) return `${head},${end.floor},@${end.above}`;
  return end.floor ? `${head},${end.floor}` : head;
}

const NUM = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
const POINT = new RegExp(`^(${NUM}),(${NUM})(?:,(\\d+))?(?:,@(${NUM}))?$`);

/** One end from a link; an error says which parameter and what was expected. */
export function parseEnd(raw: string, param: string): SightEnd {
  const s = raw.trim();
  if (s.startsWith('figure:') && s.length > 7) return { kind: 'figure', figureId: s.slice(7) };
  const m = POINT.exec(s);
  if (!m) throw new Error(`link parameter "${param}": expected x,z[,floor][,@height] or figure:ID, got "${raw}"`);
  return { kind: 'point', x: Number(m[1]), z: Number(m[2]), floor: m[3] ? Number(m[3]) : 0, ...(m[4] !== undefined ? { above: Number(m[4]) } : {}) };
}

/** The sight line a query string holds, or null when it holds none. */
export function losFromSearch(search: string): LosLink | null {
  const p = new URLSearchParams(search);
  const from = p.get('from');
  if (from === null) return null;
  const to = p.get('to');
  return { observer: parseEnd(from, 'from'), target: to === null ? null : parseEnd(to, 'to'), mode: p.get('target') === 'figure' ? 'figure' : 'unit' };
}

/** The query string with the sight line set (or removed with null), other parameters kept in order. */
export function searchWithLos(search: string, link: LosLink | null): string {
  const p = new URLSearchParams(search);
  for (const k of ['from', 'to', 'target']) p.delete(k);
  if (link) {
    p.set('from', formatEnd(link.observer));
    if (link.target) p.set('to', formatEnd(link.target));
    if (link.mode === 'figure' && link.target?.kind === 'figure') p.set('target', 'figure');
  }
  const s = p.toString().replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%3A/g, ':');
  return s ? `?${s}` : '';
}
