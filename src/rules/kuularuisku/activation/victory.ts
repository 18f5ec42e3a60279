// K-GAP-1 the end of the game (house: scenario-defined, §16): a turn limit (the scenario's, else the
// house default), victory conditions from the scenario's `victory[].data`, objective points as the
// tie-breaker, and a side with no unit left on the table losing at once.
import { z } from 'zod';
import type { Scenario } from '../../../scenario';
import type { HouseSettings, KState } from '../state';
import { isLive, liveFigures } from '../table';
import { unitOnTable } from './deck';
import { fev, type FlowEvent } from './flow-state';
import { UnitsIn, type UnitsInT, outlineOf } from '../special';
import { type Bounds2, type Vec2, boundsOf, hypot, pointInPolygon } from '../../../core';

const When = z.enum(['end', 'turn-end']).optional().describe("'end': checked after the last turn (default); 'turn-end': after every turn");
/** Conditions that must hold as well (e.g. a foothold: so many unbroken units in a region). */
const Requires = z.array(UnitsIn).min(1).optional();
const Edge = z.enum(['north', 'east', 'south', 'west']);
/** A tier that holds only while the side's own losses stay low (a costly win drops to the tier below). */
const LossesAtMost = z.number().min(0).max(1).optional()
  .describe("the side's own losses at that moment — killed and seriously wounded (on the table, carried off or left behind), and those lost to a special rule — at most this fraction of its starting figures");

/** The `data` of a scenario victory entry for Kuularuisku (K-GAP-1 house format). */
export const KVictoryData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hold'), objectives: z.array(z.string()).min(1), when: When, requires: Requires, lossesAtMost: LossesAtMost,
    inside: z.record(z.string(), z.array(z.string()).min(1)).optional().describe('objective id → features (buildings, areas): held by the soldiers inside them, any floor, instead of within its radius'),
  }).strict()
    .describe('the side controls every listed objective'),
  z.object({ kind: z.literal('points'), atLeast: z.number().nonnegative().optional(), when: When, requires: Requires, lossesAtMost: LossesAtMost }).strict()
    .describe('the side has more objective points than any other (and at least `atLeast`)'),
  z.object({ kind: z.literal('casualties'), fraction: z.number().gt(0).max(1), moreThan: z.boolean().optional().describe('strictly more than the fraction (default: at least)'), when: When, requires: Requires }).strict()
    .describe('every enemy side has lost at least (or more than) this fraction of its starting figures: killed, seriously wounded, carried off, or in units routing, surrendered or gone'),
  z.object({ kind: z.literal('survive'), fraction: z.number().gt(0).max(1), requires: Requires }).strict()
    .describe('the side still has this fraction of its starting figures on the table at the end'),
  z.object({ kind: z.literal('exit'), edge: Edge, atLeast: z.number().int().min(1), count: z.enum(['figures', 'units']).optional().describe('default figures'), when: When, requires: Requires }).strict()
    .describe('at least so many of the side\'s figures (or whole units) have left the table over that edge (K-7.4a)'),
  z.object({ kind: z.literal('default') }).strict()
    .describe('the side wins at the end when no side has met its conditions (a defender holding on)'),
]);
export type KVictoryDataT = z.infer<typeof KVictoryData>;

export interface VictoryIssue { path: string; message: string }

/** Check every victory entry's data (entries without data are text for the briefing only). */
export function validateVictory(s: Scenario): VictoryIssue[] {
  const issues: VictoryIssue[] = [];
  const objectives = new Set((s.objectives ?? []).map((o) => o.id));
  (s.victory ?? []).forEach((v, i) => {
    if (v.data === undefined) return;
    const r = KVictoryData.safeParse(v.data);
    if (!r.success) {
      for (const is of r.error.issues) issues.push({ path: ['victory', i, 'data', ...is.path].join('.'), message: `K-GAP-1: ${is.message}` });
      return;
    }
    if (!v.side) issues.push({ path: `victory.${i}.side`, message: 'K-GAP-1: a victory condition with data names the side it is for' });
    if (r.data.kind === 'hold') {
      r.data.objectives.forEach((o, j) => {
        if (!objectives.has(o)) issues.push({ path: `victory.${i}.data.objectives.${j}`, message: `K-GAP-1: unknown objective "${o}"` });
      });
      for (const [o, list] of Object.entries(r.data.inside ?? {})) {
        if (!r.data.objectives.includes(o)) issues.push({ path: `victory.${i}.data.inside.${o}`, message: `K-GAP-1: "${o}" is not one of this condition's objectives` });
        list.forEach((f, j) => {
          const feat = s.features.find((x) => x.id === f);
          if (!feat) issues.push({ path: `victory.${i}.data.inside.${o}.${j}`, message: `K-GAP-1: unknown feature "${f}"` });
          else if (outlineOf(feat).length < 3) issues.push({ path: `victory.${i}.data.inside.${o}.${j}`, message: `K-GAP-1: "${f}" is a ${feat.kind} without an outline: expected a building or an area` });
        });
      }
    }
    if ((r.data.kind === 'exit') && !s.sides.some((x) => x.id === v.side)) issues.push({ path: `victory.${i}.side`, message: `K-GAP-1: unknown side "${v.side}"` });
    if (r.data.kind !== 'default' && r.data.kind !== 'survive' && (r.data.when ?? 'end') === 'end' && s.turnLimit === undefined) {
      issues.push({ path: `victory.${i}.data.when`, message: 'K-GAP-1: a condition checked at the end needs the scenario\'s turnLimit (the house default would decide the length)' });
    }
  });
  const defaults = (s.victory ?? []).filter((v) => (v.data as { kind?: string } | undefined)?.kind === 'default');
  if (defaults.length > 1) issues.push({ path: 'victory', message: 'K-GAP-1: at most one default (fallback) winner' });
  return issues;
}

/** K-GAP-1 features that define where an objective is held (the scenario's `inside` maps), as outlines. */
const AREAS = new WeakMap<Scenario, Map<string, Vec2[][]>>();

export function objectiveAreas(scenario: Scenario): Map<string, Vec2[][]> {
  const known = AREAS.get(scenario);
  if (known) return known;
  const out = new Map<string, Vec2[][]>();
  AREAS.set(scenario, out);
  for (const v of scenario.victory ?? []) {
    const r = KVictoryData.safeParse(v.data);
    if (!r.success || r.data.kind !== 'hold') continue;
    for (const [o, list] of Object.entries(r.data.inside ?? {})) {
      if (out.has(o)) continue;
      out.set(o, list.flatMap((f) => {
        const feat = scenario.features.find((x) => x.id === f);
        const poly = feat ? outlineOf(feat) : [];
        return poly.length >= 3 ? [poly] : [];
      }));
    }
  }
  return out;
}

/** K-GAP-1 units-in: how many of the side's units are in the region (unbroken ones only, by default). */
export function unitsIn(s: KState, side: string, req: UnitsInT): number {
  let n = 0;
  for (const u of Object.values(s.units)) {
    if (u.side !== side || !unitOnTable(s, u) || u.joinedTo) continue;
    if (u.kind === 'leader' && !req.leaders) continue;
    if ((req.unbroken ?? true) && (u.status === 'routing' || u.status === 'surrendered')) continue;
    const figs = liveFigures(s, u);
    if (!figs.length) continue;
    const inside = (f: { at: Vec2 }) => pointInPolygon(f.at, req.region as Vec2[]);
    if ((req.where ?? 'all-figures') === 'all-figures' ? figs.every(inside) : figs.some(inside)) n++;
  }
  return n;
}

/** The table edge a figure left by (K-7.4a): the one its last place lies on or beyond. */
function edgeLeft(s: KState, at: Vec2, width: number, depth: number): string | undefined {
  const d = { west: at[0], east: width - at[0], south: at[1], north: depth - at[1] };
  const best = (Object.entries(d) as Array<[string, number]>).sort((a, b) => a[1] - b[1])[0]!;
  return best[1] <= 1 ? best[0] : undefined;
}

/** K-GAP-1 the last turn: the scenario's turnLimit, else the house default (read once, at setup: `seq.lastRound`). */
export function turnLimitOf(scenario: Scenario, house: Pick<HouseSettings, 'defaultTurnLimit'>): number {
  return scenario.turnLimit ?? house.defaultTurnLimit;
}

/**
 * The unit that last showed each side to be on the table. K-GAP-1 asks sidesOnTable after every
 * decision, and nearly every decision changes the units or figures records; a side's unit that was on
 * the table usually still is: asking it first settles the side with one unitOnTable instead of a pass
 * over the units. Only a witness that has gone sends the side to the full pass (the same answer).
 */
const witnesses = new Map<string, string>();

/** Sides with at least one unit on the table, in the sides' order. */
export function sidesOnTable(s: KState): string[] {
  const standing: string[] = [];
  for (const side of s.sides) {
    const w = witnesses.get(side.id);
    const wu = w === undefined ? undefined : s.units[w];
    if (wu && wu.side === side.id && unitOnTable(s, wu)) {
      standing.push(side.id);
      continue;
    }
    for (const id in s.units) {
      const u = s.units[id]!;
      if (u.side !== side.id || !unitOnTable(s, u)) continue;
      witnesses.set(side.id, id);
      standing.push(side.id);
      break;
    }
  }
  return standing;
}

/** Who controls an objective: the only side with a fighting soldier inside its radius (plan distance). */
export function objectiveHolder(s: KState, o: { at: readonly [number, number]; radius: number }, inside?: readonly Vec2[][]): string | null {
  return objectiveHolders(s, [{ at: o.at, radius: o.radius, inside }])[0]!;
}

/** Outlines' bounding boxes (outlines are never changed in place). */
const BOXES = new WeakMap<readonly Vec2[], Bounds2>();

function boxOf(poly: readonly Vec2[]): Bounds2 {
  let b = BOXES.get(poly);
  if (!b) BOXES.set(poly, (b = boundsOf(poly)));
  return b;
}

/**
 * Could the point be inside an outline with this box? pointInPolygon (crossings of a ray towards +x)
 * is false outside it: no edge straddles a point above or below the box, none lies to the right of a
 * point beyond it, and a point before it crosses every straddling edge, an even number. The margin
 * keeps the interpolated crossings' rounding inside the box.
 */
function inBox(p: Vec2, b: Bounds2): boolean {
  const m = 1e-6;
  return p[0] >= b.minX - m && p[0] <= b.maxX + m && p[1] >= b.minZ - m && p[1] <= b.maxZ + m;
}

/**
 * objectiveHolder for several objectives in one pass over the units: each one's holder, the only side
 * with a fighting soldier there — inside its radius in plan, or inside the outlines it names (`inside`).
 */
export function objectiveHolders(s: KState, objectives: ReadonlyArray<{ at: readonly [number, number]; radius: number; inside?: readonly Vec2[][] | undefined }>): Array<string | null> {
  // Per objective: undefined while no side is there, the side while one is, null once two are.
  const holder: Array<string | null | undefined> = objectives.map(() => undefined);
  const control = s.special?.config.control;
  for (const id in s.units) {
    const u = s.units[id]!;
    // A routing, surrendered or gone unit holds nothing. Any other unit with a live soldier of its own
    // is on the table (unitOnTable), and only its own live soldiers count.
    if (u.status === 'routing' || u.status === 'surrendered' || u.status === 'withdrawn' || u.status === 'destroyed') continue;
    if (control && !holdsObjectives(u, control)) continue;
    for (const fid of u.figures) {
      const f = s.figures[fid];
      if (!isLive(f) || f.condition === 'serious') continue;
      for (let i = 0; i < objectives.length; i++) {
        const h = holder[i];
        if (h === null || h === u.side) continue;
        const o = objectives[i]!;
        let there: boolean;
        if (o.inside?.length) there = o.inside.some((poly) => inBox(f.at, boxOf(poly)) && pointInPolygon(f.at, poly));
        else {
          const dx = f.at[0] - o.at[0];
          const dz = f.at[1] - o.at[1];
          const reach = o.radius + f.baseRadius;
          // hypot (Math.hypot's number, unboxed) is never below the larger leg: a soldier outside the square is outside the circle.
          there = Math.abs(dx) <= reach && Math.abs(dz) <= reach && hypot(dx, dz) <= reach;
        }
        if (there) holder[i] = h === undefined ? u.side : null;
      }
    }
  }
  return holder.map((h) => h ?? null);
}

/**
 * objective-control (K-GAP-1, a scenario's house rule): may this unit hold or contest an objective? A
 * leader on his own (his figure in his own unit, not joined to a squad, K-1.3) and a pinned unit
 * (K-7.1b) may not when the scenario says so.
 */
export function holdsObjectives(u: { kind: string; status: string }, control: { loneLeaders: boolean; pinned: boolean } | undefined): boolean {
  if (!control) return true;
  if (!control.loneLeaders && u.kind === 'leader') return false;
  if (!control.pinned && u.status === 'pinned') return false;
  return true;
}

/** Each scenario objective's holder, in the objectives' order (objectiveHolder for every one, in one pass over the units). */
function holdersOf(s: KState, scenario: Scenario): Array<string | null> {
  const areas = objectiveAreas(scenario);
  return objectiveHolders(s, (scenario.objectives ?? []).map((o) => ({ at: o.at, radius: o.radius, inside: areas.get(o.id) })));
}

function pointsOf(s: KState, scenario: Scenario, holders: ReadonlyArray<string | null>): Record<string, number> {
  const score: Record<string, number> = Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  (scenario.objectives ?? []).forEach((o, i) => {
    const h = holders[i];
    if (h) score[h] = (score[h] ?? 0) + (o.points ?? 1);
  });
  return score;
}

export function objectivePoints(s: KState, scenario: Scenario): Record<string, number> {
  return pointsOf(s, scenario, holdersOf(s, scenario));
}

const OUT_OF_THE_FIGHT: ReadonlySet<string> = new Set(['surrendered', 'withdrawn', 'destroyed', 'routing']);

/**
 * Starting and current fighting strength of a side, in figures (K-GAP-1 house reading): the killed,
 * the seriously wounded, those on their way to the rear, and the men of routing, surrendered or
 * withdrawn units no longer count.
 */
export function strength(s: KState, side: string): { start: number; now: number } {
  let start = 0;
  let now = 0;
  for (const u of Object.values(s.units)) {
    if (u.side !== side) continue;
    start += u.splitFrom ? 0 : u.startStrength;
  }
  for (const f of Object.values(s.figures)) {
    if (f.side !== side || f.removed || f.evacuation || f.condition === 'dead' || f.condition === 'serious') continue;
    if (OUT_OF_THE_FIGHT.has(s.units[f.unitId]?.status ?? 'destroyed')) continue;
    now++;
  }
  return { start, now };
}

/** Figures the side has lost for good or for this fight: killed, seriously wounded, lost to a special rule (K-5.5d, K-5.5, K-GAP-1). */
const LOST_FOR_GOOD: ReadonlySet<string> = new Set(['killed', 'executed', 'lost', 'left-behind']);

/**
 * A side's own losses as a fraction of its starting figures (K-GAP-1 house reading for a tier's
 * `lossesAtMost`): the killed and the seriously wounded, wherever they are (on the table, carried off,
 * left behind), and those lost to a special rule. Light wounds, escorts, routing, surrendered and
 * withdrawn men are not losses here: the count is of the blood paid, made at the moment of the check.
 */
export function lossesOf(s: KState, side: string): { start: number; lost: number } {
  let start = 0;
  let lost = 0;
  for (const u of Object.values(s.units)) if (u.side === side) start += u.splitFrom ? 0 : u.startStrength;
  for (const f of Object.values(s.figures)) {
    if (f.side !== side) continue;
    if (f.condition === 'dead' || f.condition === 'serious' || (f.removed !== undefined && LOST_FOR_GOOD.has(f.removed))) lost++;
  }
  return { start, lost };
}

function met(s: KState, scenario: Scenario, side: string, d: KVictoryDataT, score: Record<string, number>, holders: ReadonlyArray<string | null>): boolean {
  if (d.kind === 'default') return false;
  // K-GAP-1 requirements on the condition itself, and those a special rule adds to every condition of the side.
  const reqs = [...(d.requires ?? []), ...(s.special?.config.victory ?? []).filter((v) => v.side === side).map((v) => v.requires)];
  if (reqs.some((r) => unitsIn(s, side, r) < r.atLeast)) return false;
  if ('lossesAtMost' in d && d.lossesAtMost !== undefined) {
    const l = lossesOf(s, side);
    if (l.start > 0 && l.lost / l.start > d.lossesAtMost + 1e-12) return false;
  }
  switch (d.kind) {
    case 'hold':
      // holders[i] is objectives[i]'s: the first objective of that id, as a search by id finds it.
      return d.objectives.every((id) => {
        const i = scenario.objectives?.findIndex((x) => x.id === id) ?? -1;
        return i >= 0 && holders[i] === side;
      });
    case 'points': {
      const mine = score[side] ?? 0;
      return mine >= (d.atLeast ?? 0) && Object.entries(score).every(([k, v]) => k === side || v < mine);
    }
    case 'casualties':
      return s.sides.filter((x) => x.id !== side).every((x) => {
        const st = strength(s, x.id);
        if (st.start <= 0) return false;
        const lost = (st.start - st.now) / st.start;
        return d.moreThan ? lost > d.fraction + 1e-12 : lost >= d.fraction - 1e-12;
      });
    case 'survive': {
      const st = strength(s, side);
      return st.start > 0 && st.now / st.start >= d.fraction;
    }
    case 'exit': {
      const { width, depth } = tableSize(scenario);
      const gone = Object.values(s.figures).filter((f) => f.side === side && f.removed === 'withdrawn' && edgeLeft(s, f.at, width, depth) === d.edge);
      if ((d.count ?? 'figures') === 'figures') return gone.length >= d.atLeast;
      const units = new Set(gone.map((f) => f.unitId));
      const whole = [...units].filter((id) => s.units[id]?.status === 'withdrawn');
      return whole.length >= d.atLeast;
    }
  }
}

function tableSize(scenario: Scenario): { width: number; depth: number } {
  return scenario.table;
}

type VictoryEntry = { side: string; text: string; data: z.infer<typeof KVictoryData> };
const ENTRIES = new WeakMap<NonNullable<Scenario['victory']>, VictoryEntry[]>();

/** The scenario's victory conditions with valid K data, parsed once per list of conditions (checked after every turn). */
function victoryEntries(scenario: Scenario): VictoryEntry[] {
  const conditions = scenario.victory;
  if (!conditions) return [];
  let list = ENTRIES.get(conditions);
  if (!list) {
    list = conditions.flatMap((v) => {
      if (v.data === undefined || !v.side) return [];
      const r = KVictoryData.safeParse(v.data);
      return r.success ? [{ side: v.side, text: v.text, data: r.data }] : [];
    });
    ENTRIES.set(conditions, list);
  }
  return list;
}

/**
 * The end-of-game check (K-GAP-1). `final`: the turn limit has been reached. Returns the GAME_ENDED
 * event, or nothing while the game goes on.
 */
export function victoryCheck(s: KState, scenario: Scenario, moment: 'command' | 'turn-end', final: boolean): FlowEvent | undefined {
  const standing = sidesOnTable(s);
  if (standing.length < s.sides.length) {
    const winner = standing.length === 1 ? standing[0]! : null;
    const gone = s.sides.filter((x) => !standing.includes(x.id)).map((x) => x.name).join(' and ');
    return fev('GAME_ENDED', 'K-GAP-1', `${gone} ${gone.includes(' and ') ? 'have' : 'has'} no unit left on the table: ${winner ? `${s.sides.find((x) => x.id === winner)?.name ?? winner} wins` : 'a draw'}`, { winner, reason: 'eliminated' });
  }
  if (moment === 'command') return undefined;
  const holders = holdersOf(s, scenario);
  const score = pointsOf(s, scenario, holders);
  const entries = victoryEntries(scenario);
  const due = entries.filter((e) => e.data.kind !== 'default' && (final || ('when' in e.data && e.data.when === 'turn-end')));
  const achieved = [...new Set(due.filter((e) => met(s, scenario, e.side, e.data, score, holders)).map((e) => e.side))];
  if (achieved.length === 1) {
    const side = achieved[0]!;
    const text = due.find((e) => e.side === side && met(s, scenario, side, e.data, score, holders))!.text;
    return fev('GAME_ENDED', 'K-GAP-1', `${s.sides.find((x) => x.id === side)?.name ?? side} wins: ${text}`, { winner: side, reason: 'conditions', score });
  }
  if (!final) return undefined;
  if (achieved.length === 0) {
    const fallback = entries.find((e) => e.data.kind === 'default');
    if (fallback) return fev('GAME_ENDED', 'K-GAP-1', `Turn limit reached and no side met its conditions: ${s.sides.find((x) => x.id === fallback.side)?.name ?? fallback.side} wins — ${fallback.text}`, { winner: fallback.side, reason: 'default', score });
  }
  // Tie-breaker (house): objective points; equal points is a draw.
  const ranked = Object.entries(score).sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  const winner = top && ranked.filter(([, v]) => v === top[1]).length === 1 && top[1] > 0 ? top[0] : null;
  const scoreText = Object.entries(score).map(([k, v]) => `${s.sides.find((x) => x.id === k)?.name ?? k} ${v}`).join(', ');
  return fev('GAME_ENDED', 'K-GAP-1', `Turn limit reached (objective points: ${scoreText || 'none'}): ${winner ? `${s.sides.find((x) => x.id === winner)?.name ?? winner} wins on points` : 'a draw'}`, { winner, reason: 'turn-limit', score });
}
