// Starting states: a scenario that opens mid-battle sets its units' and figures' states (pinned,
// routing, in melee, wounded, evacuating, already activated …) in their `data.start`, and the turn and
// deck in `rules.start`. Checked here (validateStartStates), applied after setup (applyStartStates) so
// the table after setup is the position the scenario describes; the turn and deck are the cards
// machine's opening (startOpening, the program's opensAt).
import { z } from 'zod';
import type { OpeningSequence, Vec2 } from '../../core';
import type { Scenario, UnitPlacement } from '../../scenario';
import { hasCard } from './activation/deck';
import { BASE_RADIUS, JOIN_DISTANCE } from './constants';
import { contactReach } from './contact';
import { weaponById } from './data';
import { copyRecord, figureWith, stateWith, unitWith } from './records';
import type { Evacuation, FigureRole, HouseSettings, KFigure, KMelee, KState, KUnit, KWeaponMarker, RemovedReason, TableEdge, UnitKind } from './state';

const Id = z.string().min(1);
const Yes = z.literal(true);

/** A unit's `data.start`: where it stands in the battle when the scenario begins. */
export const UnitStart = z.object({
  status: z.enum(['pinned', 'routing']).optional().describe('K-7.1b gone to ground (pinned) or K-7.3b routing; default normal (a unit in melee: meleeWith)'),
  meleeWith: Id.optional().describe('K-6.3 locked in melee with this enemy unit (in base contact; it names this unit or one fighting beside it)'),
  charged: Yes.optional().describe('K-6.1a this unit charged into its melee (default: the melee\'s first unit in the file)'),
  splitFrom: Id.optional().describe('K-1.1 this unit is the covering-fire half left behind by that unit'),
  bound: Yes.optional().describe('K-1.4b a leader (data.joinedTo) who became the squad leader of a unit that lost its own: he can no longer leave'),
  activated: Yes.optional().describe('K-2.0b has activated this turn (its card, if still in the deck, is spent); needs rules.start.deck'),
  ready: Yes.optional().describe('K-2.3a waits in readiness this turn; needs rules.start.deck'),
  defensiveFireUsed: Yes.optional().describe('K-6.2c has fired defensive fire this turn; needs rules.start.deck'),
  cannotMoveThisTurn: Yes.optional().describe('K-1.2c was joined before activating: cannot move this turn; needs rules.start.deck'),
  fellBackThisTurn: Yes.optional().describe('K-6.4g fell back from a lost melee this turn (house reading K-AMB-22); needs rules.start.deck'),
}).strict();

/** A figure's `data.start`. */
export const FigureStart = z.object({
  condition: z.enum(['light', 'serious']).optional().describe('K-5.5f lightly or K-5.5e seriously wounded; default healthy'),
  wounds: z.number().int().min(0).optional().describe('K-5.5b wounds allocated to him so far (default 1 if wounded, else 0)'),
  removed: z.enum(['killed', 'executed', 'evacuated', 'withdrawn', 'left-behind', 'lost']).optional().describe('already off the table (counts for casualties and K-7.3a strength); killed and executed are dead'),
  evacuation: z.object({
    escort: Id.optional().describe('K-5.6b the figure of his unit carrying him (needed when seriously wounded)'),
    to: z.union([z.literal('edge'), z.number().int().min(0)]).optional().describe('K-5.6a his side\'s table edge, or an index into rules.dressingStations; default as in play: the nearest station of his side, else the edge'),
    returning: Yes.optional().describe('K-5.6d an escort who delivered his man and heads back to a unit'),
  }).strict().optional().describe('K-5.6 on his way to the rear, no longer acting with his unit'),
  movedThisTurn: Yes.optional().describe('K-WPN-9…13 moved this turn (a machine gun cannot then shoot); needs rules.start.deck'),
  shotThisTurn: Yes.optional().describe('K-WPN-9…13 shot this turn (cannot then move); needs rules.start.deck'),
}).strict();

/** The scenario's `rules.start`: the turn it opens in, and what lies on the table. */
export const StartRules = z.object({
  turn: z.number().int().min(1).optional().describe('K-GAP-1 the turn the game opens in (turnLimit still counts from turn 1); default 1'),
  deck: z.array(Id).optional().describe('K-2.1b the cards still to draw in that turn, top first: the game opens inside the turn; without it the turn begins with a shuffle'),
  markers: z.array(z.object({
    weapon: z.string().describe('K-WPN id or key'),
    at: z.tuple([z.number(), z.number()]),
    floor: z.number().int().min(0).optional(),
    side: Id.describe('the side that left it'),
  }).strict()).optional().describe('K-5.5h machine guns left on the table, anyone may take them over'),
}).strict();

export type UnitStartT = z.infer<typeof UnitStart>;
export type FigureStartT = z.infer<typeof FigureStart>;
export type StartRulesT = z.infer<typeof StartRules>;

interface Issue { path: string; message: string }

/** What validateKScenario already knows of a unit whose data parsed: its kind, joins and figures' roles. */
export interface StartUnitInfo {
  index: number;
  placement: UnitPlacement;
  kind: UnitKind;
  joinedTo?: string;
  start?: UnitStartT;
  roles: FigureRole[];
  figureStarts: Array<FigureStartT | undefined>;
}

/** Per-turn facts a unit or figure can hold only if the game opens inside a turn. */
const UNIT_TURN_FIELDS = ['activated', 'ready', 'defensiveFireUsed', 'cannotMoveThisTurn', 'fellBackThisTurn'] as const;
const FIGURE_TURN_FIELDS = ['movedThisTurn', 'shotThisTurn'] as const;
const DEAD: ReadonlySet<string> = new Set(['killed', 'executed']);

function planGap(a: { at: readonly number[] }, b: { at: readonly number[] }, ra: number, rb: number): number {
  return Math.hypot(b.at[0]! - a.at[0]!, b.at[1]! - a.at[1]!) - ra - rb;
}

/** A figure's base radius from its data (setupK's default when none is given). */
function radiusOf(f: UnitPlacement['figures'][number]): number {
  const base = (f.data as { base?: unknown } | undefined)?.base;
  return typeof base === 'number' ? base : BASE_RADIUS;
}

/**
 * Every problem with the scenario's starting states, with its JSON path: each field checked against
 * the rule it stands for, and against the others (both sides of a melee agree, an escort is with his
 * man, per-turn facts only when the game opens inside a turn).
 */
export function validateStartStates(s: Scenario, house: HouseSettings, units: StartUnitInfo[], rules: StartRulesT | undefined): Issue[] {
  const issues: Issue[] = [];
  const bad = (path: string, message: string) => issues.push({ path, message });
  const byId = new Map(units.map((u) => [u.placement.id, u]));
  const midTurn = rules?.deck !== undefined;
  const turnLimit = s.turnLimit ?? house.defaultTurnLimit;
  if (rules?.turn !== undefined && rules.turn > turnLimit) bad('rules.start.turn', `the game opens in turn ${rules.turn}, after its last turn ${turnLimit} — expected a turn from 1 to ${turnLimit}`);
  const onTable = (u: StartUnitInfo, fi: number) => !u.figureStarts[fi]?.removed && !u.figureStarts[fi]?.evacuation;

  for (const u of units) {
    const base = `units.${u.index}.data.start`;
    const st = u.start ?? {};
    const name = `"${u.placement.id}"`;
    if (!midTurn) for (const k of UNIT_TURN_FIELDS) if (st[k]) bad(`${base}.${k}`, `${k} is a fact of the turn being played — expected rules.start.deck too (the game then opens inside rules.start.turn)`);
    if (st.activated && st.ready) bad(`${base}.ready`, 'K-2.3 a unit in readiness has not activated yet — expected ready or activated, not both');
    if (st.status && st.meleeWith) bad(`${base}.status`, `K-6.1b a unit locked in melee is "in melee", not ${st.status} — expected status or meleeWith, not both`);
    if (st.ready && (st.status === 'routing' || st.meleeWith)) bad(`${base}.ready`, `K-2.3 a ${st.meleeWith ? 'unit in melee' : 'routing unit'} is not waiting in readiness`);
    if (st.charged && !st.meleeWith) bad(`${base}.charged`, 'K-6.1a only a unit in melee charged into it — expected meleeWith too');
    if (u.kind === 'leader' && (st.status || st.meleeWith || st.splitFrom) && u.joinedTo) bad(base, 'K-1.3a a leader joined to a unit shares its state — set it on that unit');
    if (st.bound) {
      const group = u.joinedTo ? byId.get(u.joinedTo) : undefined;
      if (u.kind !== 'leader' || !u.joinedTo) bad(`${base}.bound`, 'K-1.4b only a leader starting joined to a unit (data.joinedTo) can be bound to it');
      else if (group) {
        const had = group.roles.some((r) => r === 'squad-leader');
        const alive = group.roles.some((r, fi) => r === 'squad-leader' && onTable(group, fi));
        if (!had || alive) bad(`${base}.bound`, `K-1.4b a leader becomes the squad leader only of a unit that lost its own — expected "${group.placement.id}" to have a squad leader marked removed`);
      }
    }
    // At least one soldier of the unit fights on the table (else leave the unit out of the file).
    if (u.placement.figures.length && u.placement.figures.every((_, fi) => !onTable(u, fi))) {
      bad(`units.${u.index}.figures`, 'every figure of the unit is removed or heading to the rear — expected at least one on the table, or leave the unit out');
    }
    if (st.meleeWith !== undefined) {
      const enemy = byId.get(st.meleeWith);
      const path = `${base}.meleeWith`;
      const expected = 'expected the id of a unit of the other side in base contact';
      if (!enemy) bad(path, `"${st.meleeWith}" is not a unit of this scenario — ${expected}`);
      else if (enemy.placement.side === u.placement.side) bad(path, `"${st.meleeWith}" is not an enemy unit — ${expected}`);
      else if (enemy.kind === 'leader' && enemy.joinedTo) bad(path, `"${st.meleeWith}" is a leader joined to "${enemy.joinedTo}" — expected the unit he joined`);
      else if (!enemy.start?.meleeWith) bad(path, `"${st.meleeWith}" does not start in melee — expected its data.start.meleeWith to name ${name} (both sides of a melee say so)`);
      else if (!inContact(u, enemy, house)) bad(path, `${name} and "${st.meleeWith}" are not in base contact (no two soldiers within ${contactReach(house)} cm, edge to edge, on one floor) — ${expected}`);
    }
    if (st.splitFrom !== undefined) {
      const parent = byId.get(st.splitFrom);
      const path = `${base}.splitFrom`;
      if (!parent) bad(path, `"${st.splitFrom}" is not a unit of this scenario — expected the id of the unit this covering-fire half was left behind by`);
      else if (parent.placement.side !== u.placement.side) bad(path, `"${st.splitFrom}" is an enemy unit — expected a unit of this side`);
      else if (parent === u || parent.start?.splitFrom) bad(path, `"${st.splitFrom}" is itself a covering-fire half — expected the unit it was split from`);
      else if (u.kind === 'leader' || parent.kind === 'leader') bad(path, 'K-1.1a a leader is not split — expected a squad and its covering-fire half');
      else {
        const others = units.filter((o) => o.start?.splitFrom === st.splitFrom);
        const mine = u.placement.figures.length, theirs = parent.placement.figures.length;
        if (others[0] !== u) bad(path, `"${st.splitFrom}" already has a covering-fire half, "${others[0]!.placement.id}" — expected one half per unit`);
        else if (mine * 2 > mine + theirs) bad(path, `K-1.1a the covering-fire half is at most half the unit's soldiers: ${mine} of ${mine + theirs}`);
      }
    }
    u.placement.figures.forEach((_, fi) => validateFigureStart(u, fi, midTurn, s, bad));
  }

  // Each melee has one charger at most.
  const chargers = new Map<string, string[]>();
  for (const m of melees(units.filter((u) => u.start?.meleeWith && byId.get(u.start.meleeWith)?.start?.meleeWith).map((u) => [u.placement.id, u.start!.meleeWith!]))) {
    const c = m.filter((id) => byId.get(id)?.start?.charged);
    if (c.length > 1) chargers.set(c[1]!, c);
  }
  for (const [id, c] of chargers) bad(`units.${byId.get(id)!.index}.data.start.charged`, `K-6.1a one unit started the melee — ${c.map((x) => `"${x}"`).join(' and ')} both say they charged`);

  if (rules) validateStartRules(s, house, units, rules, bad);
  return issues;
}

function validateFigureStart(u: StartUnitInfo, fi: number, midTurn: boolean, s: Scenario, bad: (path: string, message: string) => void): void {
  const fs = u.figureStarts[fi];
  if (!fs) return;
  const base = `units.${u.index}.figures.${fi}.data.start`;
  if (!midTurn) for (const k of FIGURE_TURN_FIELDS) if (fs[k]) bad(`${base}.${k}`, `${k} is a fact of the turn being played — expected rules.start.deck too`);
  if (fs.wounds === 0 && fs.condition) bad(`${base}.wounds`, `K-5.5c a ${fs.condition === 'light' ? 'lightly' : 'seriously'} wounded soldier took at least one wound — expected wounds ≥ 1`);
  if (fs.removed && fs.evacuation) bad(`${base}.evacuation`, `a figure already off the table (${fs.removed}) is not heading to the rear — expected removed or evacuation, not both`);
  const ev = fs.evacuation;
  if (!ev) return;
  const figures = u.placement.figures;
  if (ev.returning) {
    if (ev.escort !== undefined || ev.to !== undefined) bad(`${base}.evacuation`, 'K-5.6d a returning escort carries no one and heads back to a unit — expected returning alone');
    if (fs.condition === 'serious') bad(`${base}.evacuation.returning`, 'K-5.6b an escort is unwounded or lightly wounded');
    return;
  }
  if (!fs.condition) bad(`${base}.evacuation`, 'K-5.6a only the wounded head to the rear (escorts are named by the man they carry) — expected condition light or serious');
  if (fs.condition === 'serious' && ev.escort === undefined) bad(`${base}.evacuation`, 'K-5.6b a seriously wounded soldier cannot move without an escort — expected evacuation.escort: the id of a figure of his unit beside him');
  if (ev.escort !== undefined) {
    const ei = figures.findIndex((g) => g.id === ev.escort);
    const es = u.figureStarts[ei];
    const path = `${base}.evacuation.escort`;
    const carriers = figures.filter((_, gi) => u.figureStarts[gi]?.evacuation?.escort === ev.escort);
    if (ei < 0) bad(path, `"${ev.escort}" is not a figure of unit "${u.placement.id}" — expected a soldier of his own unit (K-5.6b)`);
    else if (ei === fi) bad(path, 'a soldier does not escort himself');
    else if (es?.condition === 'serious' || es?.removed || es?.evacuation) bad(path, `K-5.6b "${ev.escort}" cannot escort him — expected an unwounded or lightly wounded soldier still with the unit`);
    else if (carriers.length > 1) bad(path, `"${ev.escort}" escorts ${carriers.map((g) => `"${g.id}"`).join(' and ')} — expected one man each`);
    else if (planGap(figures[fi]!, figures[ei]!, radiusOf(figures[fi]!), radiusOf(figures[ei]!)) > JOIN_DISTANCE + 1e-9) bad(path, `K-5.6c "${ev.escort}" is not with him — expected the escort within ${JOIN_DISTANCE} cm`);
  }
  if (typeof ev.to === 'number') {
    const station = (s.rules as { dressingStations?: Array<{ side: string }> } | undefined)?.dressingStations?.[ev.to];
    if (!station) bad(`${base}.evacuation.to`, `there is no dressing station ${ev.to} — expected "edge" or an index into rules.dressingStations`);
    else if (station.side !== u.placement.side) bad(`${base}.evacuation.to`, `K-5.6a dressing station ${ev.to} belongs to side "${station.side}" — expected one of his own side`);
  }
}

function validateStartRules(s: Scenario, house: HouseSettings, units: StartUnitInfo[], rules: StartRulesT, bad: (path: string, message: string) => void): void {
  const byId = new Map(units.map((u) => [u.placement.id, u]));
  (rules.markers ?? []).forEach((m, i) => {
    const w = weaponById(m.weapon);
    if (!w) bad(`rules.start.markers.${i}.weapon`, `unknown weapon "${m.weapon}" — expected a K-WPN id or key from data/weapons.json`);
    const { width, depth } = s.table;
    if (m.at[0] < 0 || m.at[0] > width || m.at[1] < 0 || m.at[1] > depth) bad(`rules.start.markers.${i}.at`, `[${m.at.join(', ')}] is off the table — expected x from 0 to ${width} and z from 0 to ${depth}`);
    if (!s.sides.some((x) => x.id === m.side)) bad(`rules.start.markers.${i}.side`, `unknown side "${m.side}" — expected one of ${s.sides.map((x) => `"${x.id}"`).join(', ')}`);
  });
  if (!rules.deck) return;
  const seen = new Set<string>();
  const hasCard = (u: StartUnitInfo) => !(u.start?.splitFrom && house.splitActsOnOneCard);
  rules.deck.forEach((id, i) => {
    const u = byId.get(id);
    const path = `rules.start.deck.${i}`;
    if (!u) bad(path, `"${id}" is not a unit of this scenario — expected the id of a unit whose card is still in the deck`);
    else if (seen.has(id)) bad(path, `"${id}" is in the deck twice — K-2.1a one card per unit`);
    else if (!hasCard(u)) bad(path, `K-1.1 "${id}" is a covering-fire half: it acts on its parent's card (house splitActsOnOneCard) — expected it left out of the deck`);
    else if (u.start?.ready) bad(path, `K-2.3a "${id}" is in readiness: its card was drawn — expected it left out of the deck`);
    seen.add(id);
  });
  // A card not in the deck was drawn: its unit activated, went into readiness, or (a joined leader) went with its group.
  for (const u of units) {
    if (seen.has(u.placement.id) || !hasCard(u) || u.start?.activated || u.start?.ready || (u.kind === 'leader' && u.joinedTo)) continue;
    bad(`units.${u.index}.data.start`, `K-2.1b the card of "${u.placement.id}" is not in rules.start.deck, so it was drawn — expected activated or ready here, or its id in the deck`);
  }
}

/** Do two units of the file touch (K-6.1a), as far as the file tells: bases within the contact reach in plan, on one floor. */
function inContact(a: StartUnitInfo, b: StartUnitInfo, house: HouseSettings): boolean {
  const reach = contactReach(house) + 1e-9;
  return a.placement.figures.some((f, fi) => !a.figureStarts[fi]?.removed && !a.figureStarts[fi]?.evacuation
    && b.placement.figures.some((g, gi) => !b.figureStarts[gi]?.removed && !b.figureStarts[gi]?.evacuation
      && (f.floor ?? 0) === (g.floor ?? 0) && planGap(f, g, radiusOf(f), radiusOf(g)) <= reach));
}

/** The melees the pairs make: units linked by meleeWith, in the order their first unit appears. */
function melees(pairs: Array<[string, string]>): string[][] {
  const groups: string[][] = [];
  for (const [a, b] of pairs) {
    const ga = groups.find((g) => g.includes(a));
    const gb = groups.find((g) => g.includes(b));
    if (ga && gb && ga !== gb) { ga.push(...gb); groups.splice(groups.indexOf(gb), 1); }
    else if (ga && !gb) ga.push(b);
    else if (!ga && gb) gb.push(a);
    else if (!ga && !gb) groups.push([a, b]);
  }
  return groups;
}

function unitStartOf(u: UnitPlacement): UnitStartT | undefined {
  const r = UnitStart.safeParse((u.data as { start?: unknown } | undefined)?.start);
  return r.success ? r.data : undefined;
}

function figureStartOf(d: unknown): FigureStartT | undefined {
  const r = FigureStart.safeParse((d as { start?: unknown } | undefined)?.start);
  return r.success ? r.data : undefined;
}

export function startRulesOf(s: Scenario): StartRulesT | undefined {
  const r = StartRules.safeParse((s.rules as { start?: unknown } | undefined)?.start);
  return r.success ? r.data : undefined;
}

/** K-5.6a where a figure heads when the file does not say: the nearest dressing station of his side, else his side's edge. */
function defaultDestination(s: KState, scenario: Scenario, f: KFigure): Evacuation['destination'] {
  let best: { i: number; d: number } | undefined;
  s.dressingStations.forEach((d, i) => {
    const dist = Math.hypot(d.at[0] - f.at[0], d.at[1] - f.at[1]);
    if (d.side === f.side && (!best || dist < best.d)) best = { i, d: dist };
  });
  if (best) return { kind: 'station', index: best.i };
  return { kind: 'edge', edge: edgeOf(s, scenario, f) };
}

function edgeOf(s: KState, scenario: Scenario, f: KFigure): TableEdge {
  const edge = s.units[f.homeUnitId]?.startEdge ?? 'none';
  if (edge !== 'none') return edge;
  const { width, depth } = scenario.table;
  const d: Array<[TableEdge, number]> = [['west', f.at[0]], ['east', width - f.at[0]], ['south', f.at[1]], ['north', depth - f.at[1]]];
  return d.sort((a, b) => a[1] - b[1])[0]![0];
}

/**
 * The scenario's starting states applied to the state setupK built (a validated scenario): statuses,
 * melees, covering-fire halves, bound leaders, wounds, the fallen, the wounded on their way, weapons left
 * on the table, and the per-turn facts. A scenario without any start returns the state it was given.
 */
export function applyStartStates(scenario: Scenario, s0: KState): KState {
  const rules = startRulesOf(scenario);
  const placements = scenario.units ?? [];
  const starts = placements.map((u) => ({ u, st: unitStartOf(u), figs: u.figures.map((f) => figureStartOf(f.data)) }));
  if (!rules && starts.every((x) => !x.st && x.figs.every((f) => !f))) return s0;
  const turn = rules?.turn ?? 1;
  const midTurn = rules?.deck !== undefined;
  const units: Record<string, KUnit> = copyRecord(s0.units);
  const figures: Record<string, KFigure> = copyRecord(s0.figures);
  const setUnit = (id: string, patch: Partial<KUnit>) => { units[id] = unitWith(units[id]!, patch); };
  const drop = (fid: string) => {
    const u = units[figures[fid]!.unitId]!;
    setUnit(u.id, { figures: u.figures.filter((x) => x !== fid) });
  };

  // Figures: wounds and condition, the fallen, the wounded and their escorts on the way, per-turn facts.
  for (const { u, figs } of starts) {
    u.figures.forEach((pf, fi) => {
      const fs = figs[fi];
      if (!fs) return;
      const f = figures[pf.id]!;
      const condition = fs.removed && DEAD.has(fs.removed) ? 'dead' : fs.condition ?? 'healthy';
      const wounds = fs.wounds ?? (fs.condition ? 1 : 0);
      figures[f.id] = figureWith(f, { condition, wounds, ...(fs.removed ? { removed: fs.removed as RemovedReason } : {}) });
      if (fs.removed) drop(f.id);
      const unit = units[f.unitId]!;
      if (fs.movedThisTurn) setUnit(unit.id, { movedThisTurn: [...unit.movedThisTurn, f.id] });
      if (fs.shotThisTurn) setUnit(unit.id, { shotThisTurn: [...units[unit.id]!.shotThisTurn, f.id] });
    });
  }
  const evacuating: KFigure[] = [];
  for (const { u, figs } of starts) {
    u.figures.forEach((pf, fi) => {
      const ev = figs[fi]?.evacuation;
      if (!ev) return;
      const f = figures[pf.id]!;
      if (ev.returning) {
        figures[f.id] = figureWith(f, { evacuation: { role: 'escort', destination: { kind: 'edge', edge: edgeOf(s0, scenario, f) }, returning: true } });
      } else {
        const destination: Evacuation['destination'] = ev.to === 'edge' ? { kind: 'edge', edge: edgeOf(s0, scenario, f) } : typeof ev.to === 'number' ? { kind: 'station', index: ev.to } : defaultDestination(s0, scenario, f);
        figures[f.id] = figureWith(f, { evacuation: { role: 'wounded', destination, ...(ev.escort && figures[ev.escort] ? { partner: ev.escort } : {}) } });
        if (ev.escort && figures[ev.escort]) {
          figures[ev.escort] = figureWith(figures[ev.escort]!, { evacuation: { role: 'escort', partner: f.id, destination } });
          evacuating.push(figures[ev.escort]!);
        }
      }
      evacuating.push(figures[f.id]!);
    });
  }
  for (const f of evacuating) drop(f.id);

  // Units: covering-fire halves (K-1.1), bound leaders (K-1.4b), statuses, per-turn facts.
  for (const { u, st } of starts) {
    if (!st) continue;
    const parent = st.splitFrom ? units[st.splitFrom] : undefined;
    if (parent) {
      // As UNIT_SPLIT leaves them: the parent keeps its strength at the start (both halves), each half its own.
      setUnit(parent.id, { coveringHalf: u.id, startStrength: parent.startStrength + units[u.id]!.startStrength, hadSquadLeader: parent.hadSquadLeader || units[u.id]!.hadSquadLeader });
      setUnit(u.id, { splitFrom: parent.id });
    }
    const group = st.bound && units[u.id]!.joinedTo ? units[units[u.id]!.joinedTo!] : undefined;
    if (group) setUnit(group.id, { boundLeaders: [...group.boundLeaders, u.id] });
    if (st.status) setUnit(u.id, { status: st.status });
    // K-7.3i the leaders with a routing unit rout with it: they cannot rally it.
    if (st.status === 'routing') setUnit(u.id, { routLeaders: [...units[u.id]!.joinedLeaders] });
    if (midTurn) {
      setUnit(u.id, {
        defensiveFireUsed: !!st.defensiveFireUsed, noMoveThisTurn: !!st.cannotMoveThisTurn,
        ...(st.fellBackThisTurn ? { fellBackTurn: turn } : {}),
      });
    }
  }

  // Melees (K-6.x): units linked by meleeWith, each melee fought once already (K-6.1b) and past its grenades (K-6.6d).
  let nextId = s0.nextId;
  const meleeRecords: Record<string, KMelee> = { ...s0.melees };
  const pairs = starts.filter((x) => x.st?.meleeWith && units[x.st.meleeWith]).map((x): [string, string] => [x.u.id, x.st!.meleeWith!]);
  for (const group of melees(pairs)) {
    const order = placements.map((p) => p.id).filter((id) => group.includes(id));
    const charger = order.find((id) => starts.find((x) => x.u.id === id)?.st?.charged) ?? order[0]!;
    const id = `melee-${nextId++}`;
    meleeRecords[id] = { id, units: order, startedTurn: Math.max(0, turn - 1), startedBy: charger, rounds: 1, grenades: [], grenadesOpen: false };
    for (const uid of order) setUnit(uid, { status: 'in-melee', meleeId: id });
  }

  // K-5.5h weapons left on the table.
  const markers: Record<string, KWeaponMarker> = { ...s0.markers };
  for (const m of rules?.markers ?? []) {
    const id = `mg-${nextId++}`;
    markers[id] = { id, weapon: weaponById(m.weapon)!.id, at: [m.at[0], m.at[1]] as Vec2, floor: m.floor ?? 0, droppedBy: m.side };
  }

  // The turn the game opens in (mid-turn, rules.start.deck) or after (between turns): the table's turn.
  return stateWith(s0, { units, figures, melees: meleeRecords, markers, nextId, turn: midTurn ? turn : turn - 1 });
}

/**
 * The cards machine's opening (CardsProgram.opensAt) of a game set up with starting states. K-2.1b a
 * game that opens inside a turn (rules.start.deck): the turn begun, the listed cards still in the deck,
 * the others drawn, K-2.0b the units that activated this turn counted, K-2.3a those waiting in readiness
 * (never one in melee: validated). Without a deck, a game whose starting turn is later than the first
 * opens between turns, after the turn before it (its first BEGIN_TURN shuffles for rules.start.turn).
 * `table`: the state applyStartStates set up.
 */
export function startOpening(table: KState, scenario: Scenario): OpeningSequence | undefined {
  const listed = startRulesOf(scenario)?.deck;
  const round = table.turn;
  if (!listed) return round > 0 ? { round, between: true, deck: [], drawn: [], acted: [], ready: [] } : undefined;
  const starts = (scenario.units ?? []).map((u) => ({ id: u.id, st: unitStartOf(u) })).filter((x) => table.units[x.id]);
  const deck = listed.filter((id) => table.units[id]);
  const drawn = Object.values(table.units).filter((u) => hasCard(table, u) && !deck.includes(u.id)).map((u) => u.id);
  const ready = starts.filter((x) => x.st?.ready && !table.units[x.id]!.meleeId).map((x) => x.id);
  const acted = starts.filter((x) => x.st?.activated).map((x) => x.id);
  return { round, deck, drawn, acted, ready };
}

/** The starting-state parts of each unit (for validateKScenario, which parsed the rest). */
export function startInfo(u: UnitPlacement, index: number, kind: UnitKind, joinedTo: string | undefined, roles: FigureRole[]): StartUnitInfo {
  const start = unitStartOf(u);
  return { index, placement: u, kind, ...(joinedTo ? { joinedTo } : {}), ...(start ? { start } : {}), roles, figureStarts: u.figures.map((f) => figureStartOf(f.data)) };
}
