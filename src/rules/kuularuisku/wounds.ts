// K-5.5 wounds: allocation by the target's owner with the spreading rule (K-5.5a/b), wound tests
// (K-5.5c–g, K-AMB-7/8), the medic's re-roll (K-SKL-8), special weapons taken over or dropped (K-5.5h).
import { type TableQueries, within } from '../../core';
import { MEDIC_RANGE } from './constants';
import { type KCtx, type KRefusal, Steps, houseOf, refuse } from './context';
import { weaponById } from './data';
import { ev, type KEvent } from './events';
import { figureDistance, liveFigures, standingFigures } from './table';
import { figureSees } from './visibility';
import { allocationText, soldierName } from './soldier-names';
import type { Condition, HouseSettings, KFigure, KReading, KState } from './state';
import type { WoundTestCursor } from './flow-types';

const KEY_ROLES = ['leader', 'squad-leader', 'mg-gunner', 'medic', 'mg-loader', 'lance-corporal'];

/**
 * K-5.5b is an allocation allowed? No soldier takes his k-th wound while another eligible soldier
 * has fewer than k−1 (wounds received in earlier fire count): every receiver ends at most one above
 * every other eligible soldier.
 */
export function allocationRefusal(s: KState, eligible: readonly string[], wounds: number, allocation: Readonly<Record<string, number>>): KRefusal | undefined {
  let total = 0;
  for (const [id, n] of Object.entries(allocation)) {
    if (!eligible.includes(id)) return refuse('K-5.5b', `${soldierName(s, id)} cannot take a wound: only the visible soldiers can (${eligible.map((e) => soldierName(s, e)).join(', ')})`);
    if (!Number.isInteger(n) || n < 0) return refuse('K-5.5a', `${soldierName(s, id)}: a wound count must be a whole number`);
    total += n;
  }
  if (total !== wounds) return refuse('K-5.5a', `${wounds} wound${wounds === 1 ? '' : 's'} must be allocated, not ${total}`);
  const final = (id: string) => (s.figures[id]?.wounds ?? 0) + (allocation[id] ?? 0);
  for (const id of eligible) {
    if (!(allocation[id] ?? 0)) continue;
    for (const other of eligible) {
      if (other !== id && final(id) - 1 > final(other)) {
        return refuse('K-5.5b', `${soldierName(s, id)} cannot take wound ${final(id)} while ${soldierName(s, other)} has only ${final(other)}: wounds are spread first`);
      }
    }
  }
  return undefined;
}

/** K-5.5a/b the owner's default choice: spread wounds, ordinary soldiers before leaders and specialists. */
export function defaultAllocation(s: KState, eligible: readonly string[], wounds: number): Record<string, number> {
  const out: Record<string, number> = {};
  const count = (id: string) => (s.figures[id]?.wounds ?? 0) + (out[id] ?? 0);
  const rank = (id: string) => {
    const f = s.figures[id]!;
    const r = KEY_ROLES.indexOf(f.role);
    return f.condition === 'serious' ? -1 : r < 0 ? 0 : KEY_ROLES.length - r;
  };
  if (!eligible.length) return out;
  const ranks: number[] = []; // asked only on a tie, as the sort's comparison does
  const rankAt = (k: number) => (ranks[k] ??= rank(eligible[k]!));
  // count(eligible[k]) kept per place in the list (each soldier's record read once), when no id comes twice.
  const n = eligible.length;
  let once = true;
  for (let k = 1; k < n && once; k++) for (let m = 0; m < k; m++) if (eligible[m] === eligible[k]) { once = false; break; }
  const counts: number[] = [];
  if (once) for (let k = 0; k < n; k++) counts.push(count(eligible[k]!));
  for (let i = 0; i < wounds; i++) {
    // The first by (wounds so far, rank, place in the list): what sorting the list and taking its head gives.
    let best = 0;
    let bestCount = once ? counts[0]! : count(eligible[0]!);
    for (let k = 1; k < n; k++) {
      const c = once ? counts[k]! : count(eligible[k]!);
      if (c < bestCount || (c === bestCount && rankAt(k) < rankAt(best))) {
        best = k;
        bestCount = c;
      }
    }
    const pick = eligible[best]!;
    out[pick] = (out[pick] ?? 0) + 1;
    if (once) counts[best]!++;
  }
  return out;
}

/** The soldiers of `eligible` who can still take a wound (on the table, not dead). */
export function woundable(s: KState, eligible: readonly string[]): string[] {
  return eligible.filter((id) => s.figures[id] && !s.figures[id]!.removed && s.figures[id]!.condition !== 'dead');
}

/**
 * K-5.5a/b the owner's possible allocations of `wounds` among `eligible` (those who can take one):
 * wounds spread level by level (each soldier at the lowest count takes one before anyone takes
 * another), so only the last level leaves a choice — which of its soldiers take the remainder. The
 * default allocation first (`first`, where the rules' default is another, e.g. K-6.4d the melee's
 * spread), then the others, at most `max` listed; `count` is how many there are.
 */
export function allocationChoices(s: KState, eligible: readonly string[], wounds: number, max = 12, first: Record<string, number> = defaultAllocation(s, eligible, wounds)): { options: Array<Record<string, number>>; count: number } {
  const ids = [...new Set(eligible)];
  if (!ids.length || wounds <= 0) return { options: [first], count: 1 };
  // Asked at every state waiting for an allocation (the pending decision) and at every shot that hits:
  // the soldiers' counts as numbers in arrays (each record read once), no strings, no generator.
  const n = ids.length;
  const base: number[] = [];
  const forced: number[] = [];
  for (let k = 0; k < n; k++) {
    base.push(s.figures[ids[k]!]?.wounds ?? 0);
    forced.push(0);
  }
  let left = wounds;
  for (;;) {
    let low = Infinity;
    for (let k = 0; k < n; k++) if (base[k]! + forced[k]! < low) low = base[k]! + forced[k]!;
    const level: number[] = [];
    for (let k = 0; k < n; k++) if (base[k]! + forced[k]! === low) level.push(k);
    if (left < level.length) {
      const total = binomial(level.length, left);
      if (total <= 1) return { options: [first], count: 1 };
      return { options: levelChoices(ids, forced, level, left, first, max), count: total };
    }
    for (const k of level) forced[k]!++;
    left -= level.length;
    if (!left) return { options: [first], count: 1 };
  }
}

/**
 * allocationChoices' list: `first`, then the forced wounds plus one more for each `pick`-element subset
 * of the last level (places in `ids`), subsets in lexicographic order, the one equal to `first` left
 * out, at most `max` in all. Each allocation names its soldiers in the order of `ids`. (Distinct
 * subsets of distinct soldiers are distinct allocations: only `first` can come twice.)
 */
function levelChoices(ids: readonly string[], forced: readonly number[], level: readonly number[], pick: number, first: Readonly<Record<string, number>>, max: number): Array<Record<string, number>> {
  const options: Array<Record<string, number>> = [first as Record<string, number>];
  const n = ids.length;
  const firstAt: number[] = [];
  for (let k = 0; k < n; k++) firstAt.push(first[ids[k]!] ?? 0);
  const extra: number[] = new Array<number>(n).fill(0);
  // The subset as places in `level`, counted up like an odometer (the last place fastest).
  const at: number[] = [];
  for (let i = 0; i < pick; i++) at.push(i);
  const m = level.length;
  for (;;) {
    if (options.length >= max) break;
    for (let i = 0; i < pick; i++) extra[level[at[i]!]!] = 1;
    let same = true;
    for (let k = 0; k < n && same; k++) if (forced[k]! + extra[k]! !== firstAt[k]) same = false;
    if (!same) {
      const a: Record<string, number> = {};
      for (let k = 0; k < n; k++) if (forced[k]! + extra[k]!) a[ids[k]!] = forced[k]! + extra[k]!;
      options.push(a);
    }
    for (let i = 0; i < pick; i++) extra[level[at[i]!]!] = 0;
    // The next subset: the last place that can still move on moves, the places after it follow it.
    let i = pick - 1;
    while (i >= 0 && at[i] === m - pick + i) i--;
    if (i < 0) break;
    at[i]!++;
    for (let j = i + 1; j < pick; j++) at[j] = at[j - 1]! + 1;
  }
  return options;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

const SEVERITY: Record<Condition | 'scratch', number> = { scratch: 0, healthy: 0, light: 1, serious: 2, dead: 3 };

/** K-5.5c / K-AMB-7 one wound-test die read on the house wound table. */
export function woundResult(value: number, house: HouseSettings): Condition | 'scratch' {
  const t = house.woundTable;
  if (value <= t.killed) return 'dead';
  if (value <= t.serious) return 'serious';
  if (value <= t.light) return 'light';
  return 'scratch';
}

/** K-SKL-8 the medic with a unit (a soldier with the skill, on the table, able to work). */
export function unitMedic(s: KState, unitId: string): KFigure | undefined {
  return liveFigures(s, unitId).find((f) => f.skills.includes('medic') && f.condition !== 'serious');
}

export type MedicPolicy = 'serious-or-worse' | 'killed-only' | 'never';

function wantsReroll(result: Condition | 'scratch', policy: MedicPolicy): boolean {
  if (policy === 'never') return false;
  if (policy === 'killed-only') return result === 'dead';
  return result === 'dead' || result === 'serious';
}

export type { WoundTestCursor } from './flow-types';

export interface WoundTestOpts {
  medic?: MedicPolicy;
  takeOver?: Record<string, string | null>;
  /**
   * The owner decides (the run pauses): K-SKL-8 on each re-roll the medic could make, K-5.5h who takes
   * over a fallen soldier's special weapon when he has a choice. For the shooting's decisions.
   */
  askOwner?: boolean;
}

/** K-SKL-8 the book's default word on a re-roll (the house policy: the worse results). */
export function medicWants(result: Condition | 'scratch', policy: MedicPolicy = 'serious-or-worse'): boolean {
  return wantsReroll(result, policy);
}

/**
 * K-5.5c–g wound tests for an allocation: one per wound, most severe applies (K-AMB-8 house), the
 * medic's re-roll (K-SKL-8: the second result stands), then special weapons (K-5.5h). With `askOwner`
 * the run pauses at a die the medic could re-roll (worse than a scratch), or at a fallen soldier's
 * special weapon that more than one answer could settle, and returns where it stands; it goes on from
 * `cursor` with the owner's `answer` (re-roll or not; the soldier who takes the weapon over, or null).
 */
export function woundTests(st: Steps, unitId: string, allocation: Readonly<Record<string, number>>, ctx: KCtx, opts: WoundTestOpts = {}, cursor?: WoundTestCursor, answer?: boolean | string | null): { worst: Array<Condition | 'scratch'> } | { paused: WoundTestCursor } {
  const house = houseOf(st.state, ctx);
  const entries = Object.entries(allocation).filter(([, n]) => n);
  const c: WoundTestCursor = cursor
    ? { ...cursor, rolls: [...cursor.rolls], worst: [...cursor.worst] }
    : { entry: 0, test: 0, rolls: [], result: 'scratch', medicUsed: false, worst: [], ...(unitMedic(st.state, unitId) ? { medicId: unitMedic(st.state, unitId)!.id } : {}) };
  const medic = c.medicId;
  // K-5.5h the owner's word on the fallen soldier's weapon the run paused at (his tests are done).
  if (c.takeOver !== undefined) {
    specialWeapon(st, c.takeOver, typeof answer === 'string' || answer === null ? answer : undefined);
    delete c.takeOver;
  }
  while (c.entry < entries.length) {
    const [id, n] = entries[c.entry]!;
    const tests = house.woundTestsPer === 'wound' ? n : 1;
    while (c.test < tests) {
      let v: number;
      let reroll: boolean;
      if (c.pending !== undefined) {
        v = c.pending;
        delete c.pending;
        reroll = !!answer;
      } else {
        v = ctx.dice.roll(6, `wound test of ${id}`, 'K-5.5c');
        const r = woundResult(v, house);
        const may = !!medic && medic !== id && (house.medicRerollScope === 'soldier' || !c.medicUsed);
        if (may && opts.askOwner && r !== 'scratch') {
          c.pending = v;
          return { paused: c };
        }
        reroll = may && wantsReroll(r, opts.medic ?? 'serious-or-worse');
      }
      if (reroll) {
        c.rolls.push(v);
        v = ctx.dice.roll(6, `medic ${medic} re-rolls the wound test of ${id}`, 'K-SKL-8');
        c.usedMedic = medic;
        c.medicUsed = true;
      }
      const r = woundResult(v, house);
      c.rolls.push(v);
      if (SEVERITY[r] > SEVERITY[c.result]) c.result = r;
      c.test++;
    }
    const fallen = woundTestDone(st, id, c, opts);
    c.entry++;
    c.test = 0;
    c.rolls = [];
    c.result = 'scratch';
    delete c.usedMedic;
    if (fallen) {
      c.takeOver = fallen;
      return { paused: c };
    }
  }
  return { worst: c.worst };
}

/**
 * K-5.5d–h one soldier's tests done: his condition, the log line, a fallen soldier's special weapon —
 * or, when the owner is asked and has a choice, his id: the run waits for the owner's word on it.
 */
function woundTestDone(st: Steps, id: string, c: WoundTestCursor, opts: WoundTestOpts): string | undefined {
  const f = st.state.figures[id]!;
  const { rolls, result, usedMedic } = c;
  const before = f.condition;
  const condition: Condition = SEVERITY[result] > SEVERITY[before] ? (result as Condition) : before;
  const label = result === 'dead' ? 'killed outright (K-5.5d)' : result === 'serious' ? 'seriously wounded (K-5.5e)' : result === 'light' ? 'lightly wounded (K-5.5f)' : 'just a scratch! (K-5.5g)';
  const text = `${soldierName(st.state, id)}: wound test ${rolls.join(usedMedic ? ' → ' : ', ')}${usedMedic ? ` (re-rolled by ${soldierName(st.state, usedMedic)})` : ''} — ${label}`;
  st.push(ev('WOUND_TEST', 'K-5.5c', text, usedMedic ? { figureId: id, rolls: [...rolls], medic: usedMedic, result, condition } : { figureId: id, rolls: [...rolls], result, condition }));
  c.worst.push(result);
  if ((condition !== 'dead' && condition !== 'serious') || before === condition) return undefined;
  if (opts.askOwner && opts.takeOver?.[f.id] === undefined && takeOverMates(st.state, f.id).length) return f.id;
  specialWeapon(st, f.id, opts.takeOver?.[f.id]);
  return undefined;
}

/** K-5.5h the soldiers of a fallen soldier's unit who could take over his special weapon (none: he has none). */
export function takeOverMates(s: KState, figureId: string): KFigure[] {
  const f = s.figures[figureId]!;
  const w = f.weapon ? weaponById(f.weapon) : undefined;
  if (!w?.special) return [];
  return liveFigures(s, f.unitId).filter((g) => g.id !== f.id && g.condition !== 'serious' && !(g.weapon && weaponById(g.weapon)?.special));
}

/** K-5.5h the default taker of a fallen soldier's special weapon: the loader, else the fittest rifleman, else anyone but a leader. */
export function defaultTaker(s: KState, figureId: string): KFigure | undefined {
  const mates = takeOverMates(s, figureId);
  return mates.find((g) => g.role === 'mg-loader') ?? mates.find((g) => g.role === 'soldier' && g.condition === 'healthy') ?? mates.find((g) => g.role !== 'leader' && g.role !== 'squad-leader');
}

/**
 * K-5.5h a fallen (dead or seriously wounded) soldier's special weapon: another soldier of his unit
 * takes it over (the owner's choice; by default the loader or the fittest rifleman), or it is left
 * as a marker at his place.
 */
export function specialWeapon(st: Steps, figureId: string, choice?: string | null): void {
  const f = st.state.figures[figureId]!;
  const w = f.weapon ? weaponById(f.weapon) : undefined;
  if (!w?.special) return;
  let taker: KFigure | undefined;
  if (choice === null) taker = undefined;
  else if (choice) taker = takeOverMates(st.state, figureId).find((g) => g.id === choice);
  else taker = defaultTaker(st.state, figureId);
  if (taker) {
    st.push(ev('WEAPON_TAKEN_OVER', 'K-5.5h', `${soldierName(st.state, taker.id)} takes over the ${w.name} from ${soldierName(st.state, f.id)}`, { fromFigureId: f.id, toFigureId: taker.id, weapon: w.id, previous: taker.weapon }));
  } else {
    const markerId = `mg-${st.state.nextId}`;
    st.push(ev('WEAPON_DROPPED', 'K-5.5h', `The ${w.name} of ${soldierName(st.state, f.id)} is left on the table`, { markerId, figureId: f.id, weapon: w.id, at: f.at, floor: f.floor, side: f.side }));
  }
}

/**
 * K-5.5a–h the whole wound step for a unit that took `wounds`: allocation (given or default), wound
 * tests, special weapons. `eligible` are the soldiers that can be hit (K-5.5b "visible").
 */
export function applyWounds(st: Steps, unitId: string, eligible: readonly string[], wounds: number, ctx: KCtx, opts: Omit<WoundsOpts, 'askOwner'> = {}): KRefusal | { tested: number; worst: Array<Condition | 'scratch'> } {
  const r = applyWoundsAsking(st, unitId, eligible, wounds, ctx, opts);
  if ('paused' in r) throw new Error('K-SKL-8 the wound tests paused for the medic\'s re-roll without being asked to');
  return r;
}

type WoundsOpts = WoundTestOpts & { allocation?: Record<string, number>; rule?: string; text?: string };

/** applyWounds that may pause for the owner's word (`askOwner`: K-SKL-8 the medic's re-roll, K-5.5h a fallen MG): returns where the tests stand. */
export function applyWoundsAsking(st: Steps, unitId: string, eligible: readonly string[], wounds: number, ctx: KCtx, opts: WoundsOpts = {}): KRefusal | { tested: number; worst: Array<Condition | 'scratch'> } | { paused: WoundTestCursor; allocation: Record<string, number> } {
  if (wounds <= 0) return { tested: 0, worst: [] };
  const alive = woundable(st.state, eligible);
  if (!alive.length) return { tested: 0, worst: [] };
  // The owner's own allocation is checked (K-5.5a/b). The default one passes by construction: each
  // wound goes to a soldier with the fewest so far, so a receiver ends at most one above any other
  // (tests/rules/kuularuisku/shoot-default-allocation.test.ts checks it against allocationRefusal).
  const allocation = opts.allocation ?? defaultAllocation(st.state, alive, wounds);
  const bad = opts.allocation || !Number.isInteger(wounds) ? allocationRefusal(st.state, alive, wounds, allocation) : undefined;
  if (bad) return bad;
  st.push(ev('WOUNDS_ALLOCATED', opts.rule ?? 'K-5.5a', opts.text ?? `${st.state.units[unitId]!.name}: ${allocationText(st.state, allocation, { within: unitId })}`, { unitId, allocation }));
  const run = woundTests(st, unitId, allocation, ctx, opts);
  if ('paused' in run) return { paused: run.paused, allocation };
  return { tested: run.worst.length, worst: run.worst };
}

/**
 * K-SKL-8 a medic within 15 cm of a seriously wounded soldier he can see must head for the nearest one
 * and escort him to the table edge (K-AMB-18: own side only by default). Returns EVACUATION_STARTED events.
 */
export function medicDuties(s: KReading, table: TableQueries, house: HouseSettings): KEvent[] {
  const st = new Steps(s);
  const medics = standingFigures(s).filter((f) => f.skills.includes('medic') && f.condition !== 'serious' && !f.evacuation); // standing: not removed, not dead
  if (!medics.length) return [];
  // The seriously wounded nobody escorts yet, looked up once per state (a medic's duty changes it).
  let at: KState | undefined;
  let free: KFigure[] = [];
  for (const m of medics) {
    const unit = st.state.units[m.unitId];
    if (!unit || unit.status === 'in-melee' || unit.status === 'routing') continue;
    if (at !== st.state) {
      at = st.state;
      const figs = Object.values(at.figures);
      const taken = new Set(figs.filter((f) => f.evacuation?.role === 'escort').map((f) => f.evacuation!.partner));
      free = figs.filter((f) => f.condition === 'serious' && !f.removed && !taken.has(f.id) && !(f.evacuation?.partner));
    }
    if (!free.length) continue;
    const wounded = free
      .filter((f) => house.medicRescuesEnemy || f.side === m.side)
      .map((f) => ({ f, d: figureDistance(table, m, f) }))
      .filter((x) => within(x.d, MEDIC_RANGE) && figureSees(table, m, x.f, house))
      .sort((a, b) => a.d - b.d)[0];
    if (!wounded) continue;
    const edge = st.state.units[wounded.f.homeUnitId]?.startEdge ?? unit.startEdge;
    const destination = { kind: 'edge' as const, edge };
    st.push(ev('EVACUATION_STARTED', 'K-SKL-8', `Medic ${soldierName(s, m.id)} goes to ${soldierName(s, wounded.f.id)} to carry him to the table edge`, { figureId: m.id, evacuation: { role: 'escort', partner: wounded.f.id, destination } }));
    st.push(ev('EVACUATION_STARTED', 'K-SKL-8', `${soldierName(s, wounded.f.id)} will be escorted by medic ${soldierName(s, m.id)}`, { figureId: wounded.f.id, evacuation: { role: 'wounded', partner: m.id, destination } }));
  }
  return st.events;
}
