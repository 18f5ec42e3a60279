// The commands the side to act may give now: the HUD offers only these and random play picks among
// them. Complete enough that choosing among them always reaches the end of the game.
import { type Dice, type TableQueries, hypot, within } from '../../../core';
import type { Scenario } from '../../../scenario';
import { weaponById } from '../data';
import { moveRefusal, movementAllowance } from '../movement';
import { liveFigures, standingFigures } from '../table';
import { actionWeight, chargeSteps, moveWeight, runsIntoWall } from '../purpose';
import { noteShotRefused, shotKnownUnseen } from '../purpose-refusals';
import { contactReach } from '../contact';
import { ableFirers } from '../visibility';
import { actionGate, activating } from './action-gate';
import { unitOnTable } from './deck';
import type { FlowCommand } from './commands';
import type { KGameState } from './flow-state';
import type { KFigure } from '../state';
import { offerOptions } from './offer';
import { phaseOf } from './phase';
import { readyUnits } from './readiness';
import type { KRulesApi, SoldierCommand } from './rules-api';
import type { MoveMode } from './action-gate';

export type KCommand = FlowCommand | SoldierCommand;

/** Dice for trying a candidate command without keeping anything (legality only). */
class ProbeDice implements Dice {
  readonly rolls = [];
  roll(sides: number): number {
    return Math.min(sides, 4);
  }
}

export function legalCommands(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi): KCommand[] {
  return commandsNow(s, ctx, api, true);
}

/**
 * The same list, except that during an activation the soldier-level commands are only plausible
 * candidates, not yet checked against the rules (moves the planner proposes, shots at every enemy
 * unit in weapon range in plan). For random play: it dispatches one and, when the rules refuse it,
 * tries another — much cheaper than checking every candidate first. Every other command is legal.
 */
export function candidateCommands(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi): KCommand[] {
  return candidateGroups(s, ctx, api).flatMap((g) => g.build());
}

/**
 * candidateCommands in groups built only on demand: `keys` are the weighting keys (command type, or
 * `MOVE:charge`) a group may hold, so a random player can pick the kind of command first and build
 * only the candidates of that kind; the moves (planning them costs more than everything else
 * together) come as lazy candidates, weighed first, each planned only when it is picked.
 */
export interface CandidateGroup {
  keys: readonly string[];
  /** All the group's commands (a command offered several times to weigh it comes as a run of copies). */
  build: () => KCommand[];
  /** The same commands one by one, each weighed before it is built (random play builds only the one it picks). */
  candidates?: () => LazyCandidate[];
  /** True for a built command the rules would surely refuse (checked only when it is picked). */
  sureRefusal?: (c: KCommand) => boolean;
  /** Told of a command of the group the rules refused (their answer): what it teaches makes later sure refusals. */
  refused?: (c: KCommand, why: { reason?: string; rule?: string }) => void;
}

/**
 * One command of a group, built only when picked: its weighting key and its weight (how many copies
 * of it build would give) are known first; build may find no such command after all (undefined), and
 * weigh, when given, is the built command's own weight, which `weight` is meant not to exceed.
 */
export interface LazyCandidate {
  key: string;
  weight: number;
  build: () => KCommand | undefined;
  weigh?: (c: KCommand) => number;
}

/**
 * A unit's candidate moves one by one (api.ts moveCandidates for the rules engine's own functions):
 * charges left out, the caller offers them. Without one, the moves come from KRulesApi.candidateActions, all built together.
 */
export type MovePlanner = (s: KGameState, unitId: string, kind: 'move' | 'fast-move' | 'regroup', table: TableQueries, charge: false) => ReadonlyArray<{
  key: string;
  weight: number;
  build: () => SoldierCommand | undefined;
  weigh?: (c: SoldierCommand) => number;
}>;

export function candidateGroups(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi, planner?: MovePlanner): CandidateGroup[] {
  const p = phaseOf(s);
  if (p.kind === 'offer') {
    // The actions are weighed by the unit's purpose (a walk over distance fields): only when ACTIVATE is picked.
    const opts = offerOptions(s, p.offer, ctx.table);
    const groups: CandidateGroup[] = [];
    if (opts.actions.length) groups.push({ keys: ['ACTIVATE'], build: () => activateCommands(s, p.offer, opts, ctx.table, false) });
    return eagerGroups(otherOfferCommands(p.offer, opts), groups);
  }
  if (p.kind !== 'activation') return eagerGroups(commandsNow(s, ctx, api, false));
  const rest = specials(s, api, p.side);
  rest.push({ type: 'END_ACTIVATION', side: p.side });
  return eagerGroups(rest, roughGroups(s, ctx, api, planner));
}

type Offer = Extract<ReturnType<typeof phaseOf>, { kind: 'offer' }>['offer'];

/** The offer's ACTIVATE commands, one per action and choice of leaders. */
function activateCommands(s: KGameState, o: Offer, opts: ReturnType<typeof offerOptions>, table: TableQueries, checked: boolean): KCommand[] {
  const out: KCommand[] = [];
  const leaderChoices = opts.leaders.length ? opts.leaders : [undefined];
  for (const action of opts.actions) {
    // Random play (unchecked): an action that serves the unit's purpose is offered more than once.
    const times = checked ? 1 : actionWeight(s, table, o.unitId, action);
    for (const leaders of leaderChoices) {
      const c: KCommand = { type: 'ACTIVATE', side: o.side, unitId: o.unitId, action, ...(leaders ? { leaders } : {}) };
      for (let k = 0; k < times; k++) out.push(c);
    }
  }
  return out;
}

/** The offer's other answers: ready (K-2.5), a leader's command (K-2.2), pass. */
function otherOfferCommands(o: Offer, opts: ReturnType<typeof offerOptions>): KCommand[] {
  const out: KCommand[] = [];
  if (opts.ready) out.push({ type: 'READY', side: o.side, unitId: o.unitId });
  for (const unitId of opts.command) out.push({ type: 'COMMAND', side: o.side, leaderId: o.unitId, unitId });
  out.push({ type: 'PASS', side: o.side, unitId: o.unitId });
  return out;
}

/** Ready-made commands, one group per weighting key (in order of first appearance), pushed onto `out`. */
function eagerGroups(commands: readonly KCommand[], out: CandidateGroup[] = []): CandidateGroup[] {
  // Asked at every pick: a few keys, looked up in a small list (no Map, no copies).
  const keys: string[] = [];
  const lists: KCommand[][] = [];
  for (const c of commands) {
    const k = c.type === 'MOVE' && c.mode === 'charge' ? 'MOVE:charge' : c.type;
    const i = keys.indexOf(k);
    if (i >= 0) lists[i]!.push(c);
    else { keys.push(k); lists.push([c]); }
  }
  for (let i = 0; i < keys.length; i++) {
    const list = lists[i]!;
    out.push({ keys: [keys[i]!], build: () => list });
  }
  return out;
}

function commandsNow(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi, checked: boolean): KCommand[] {
  const p = phaseOf(s);
  switch (p.kind) {
    case 'over':
      return [];
    case 'between-turns':
      return [{ type: 'BEGIN_TURN' }];
    case 'draw':
      return [{ type: 'DRAW_CARD' }];
    case 'turn-end':
      return [{ type: 'END_TURN' }];
    case 'pending':
      return [{ type: 'RESOLVE', side: p.pending.side, step: p.pending.kind }];
    case 'choice':
      return p.choice.kind === 'defensive-fire'
        ? [{ type: 'DEFENSIVE_FIRE', side: p.choice.side, fire: true }, { type: 'DEFENSIVE_FIRE', side: p.choice.side, fire: false }]
        : [{ type: 'GRENADES', side: p.choice.side, use: true }, { type: 'GRENADES', side: p.choice.side, use: false }];
    case 'window':
      return [{ type: 'READINESS', side: p.side, unitId: null }, ...readyUnits(s, p.side).map((unitId): KCommand => ({ type: 'READINESS', side: p.side, unitId }))];
    case 'offer': {
      const o = p.offer;
      const opts = offerOptions(s, o, ctx.table);
      return [...activateCommands(s, o, opts, ctx.table, checked), ...otherOfferCommands(o, opts)];
    }
    case 'activation':
      return checked ? [...activationCandidates(s, ctx, api), { type: 'END_ACTIVATION', side: p.side }] : candidateGroups(s, ctx, api).flatMap((g) => g.build());
  }
}

/** The activation's units and the covering-fire halves split from them during it (K-1.1). */
function actingUnits(s: KGameState): string[] {
  const a = s.activation!;
  const out = [...a.units];
  // A split half acts on its parent's card only by house rule (activating): without it there is none to look for
  // (asked at every pick of an activation: no pass over every unit then).
  if (!s.house.splitActsOnOneCard) return out;
  for (const id in s.units) {
    const u = s.units[id]!;
    if (!a.units.includes(u.id) && activating(s, a, u.id)) out.push(u.id);
  }
  return out;
}

/** Moves and shots the activating units may make now: moves checked against the rules (dice-free), shots at the targets the rules find valid. */
function activationCandidates(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi): KCommand[] {
  const a = s.activation!;
  const side = s.units[a.unitId]!.side;
  const out: KCommand[] = [];
  for (const unitId of actingUnits(s)) {
    const u = s.units[unitId];
    if (!u || (u.kind === 'leader' && u.joinedTo)) continue;
    const move = actionGate(s, { type: 'MOVE', side, unitId });
    if (move.ok) {
      const kind = move.mode === 'fast' ? 'fast-move' : move.mode === 'regroup' ? 'regroup' : 'move';
      for (const c of [...api.candidateActions(s, unitId, kind, ctx.table), ...chargeCandidates(s, ctx.table, unitId, move.mode)]) {
        const cmd = { ...c, side, unitId };
        if (api.decideAction(s, cmd, { ...ctx, dice: new ProbeDice() }).ok) out.push(cmd);
      }
    }
    const shoot = actionGate(s, { type: 'SHOOT', side, unitId });
    if (shoot.ok) for (const c of api.candidateActions(s, unitId, 'shoot', ctx.table)) out.push({ ...c, side, unitId });
  }
  return [...out, ...specials(s, api, side)];
}

/**
 * Unchecked candidates in lazy groups: the planner's moves (charges included), and shots at enemy
 * units within weapon range in plan. With a MovePlanner, the moves and the charges are two groups of
 * lazy candidates, each move or charge planned only when picked (build still plans them all, for
 * candidateCommands); without one, one group built whole from KRulesApi.candidateActions.
 */
function roughGroups(s: KGameState, ctx: { scenario: Scenario; table: TableQueries }, api: KRulesApi, planner?: MovePlanner): CandidateGroup[] {
  const a = s.activation!;
  const side = s.units[a.unitId]!.side;
  const movers: Array<{ unitId: string; mode: MoveMode | undefined }> = [];
  const shooters: string[] = [];
  for (const unitId of actingUnits(s)) {
    const u = s.units[unitId];
    if (!u || (u.kind === 'leader' && u.joinedTo)) continue;
    const move = actionGate(s, { type: 'MOVE', side, unitId });
    // The unit may not move at all (pinned, leaderless, joined before it acted …): no move to try.
    if (move.ok && !moveRefusal(s, u, move.mode ?? 'normal', s.house)) movers.push({ unitId, mode: move.mode });
    if (actionGate(s, { type: 'SHOOT', side, unitId }).ok) shooters.push(unitId);
  }
  const groups: CandidateGroup[] = [];
  // A move into a building wall (a soldier indoors walking straight out): the rules' own wall query, before the rest of their check.
  const sureRefusal = (c: KCommand) => c.type === 'MOVE' && runsIntoWall(s, ctx.table, c.moves as Parameters<typeof runsIntoWall>[2]);
  const kindOf = (mode: MoveMode | undefined) => (mode === 'fast' ? 'fast-move' : mode === 'regroup' ? 'regroup' : 'move');
  if (movers.length && planner) {
    // One by one: the moves, and apart from them the charges (a picked charge plans no move, a picked move no charge).
    // The planner's candidates as they come (a move's weigh is only ever given the move it built).
    groups.push(lazyGroup(['MOVE'], () => movers.flatMap(({ unitId, mode }) => planner(s, unitId, kindOf(mode), ctx.table, false) as readonly LazyCandidate[]), sureRefusal));
    if (movers.some((m) => m.mode !== 'regroup' && (m.mode !== 'fast' || s.house.fastCharge))) {
      groups.push(lazyGroup(['MOVE:charge'], () => movers.flatMap(({ unitId, mode }) => chargeTargets(s, unitId, mode).map((t): LazyCandidate => ({
        key: 'MOVE:charge', weight: 1, build: () => chargeAt(s, ctx.table, unitId, mode, t),
      }))), sureRefusal));
    }
  } else if (movers.length) {
    const charges = movers.some((m) => m.mode !== 'regroup' && (m.mode !== 'fast' || s.house.fastCharge));
    groups.push({
      keys: charges ? ['MOVE', 'MOVE:charge'] : ['MOVE'],
      build: () => movers.flatMap(({ unitId, mode }) => {
        return [...api.candidateActions(s, unitId, kindOf(mode), ctx.table), ...chargeCandidates(s, ctx.table, unitId, mode)].flatMap((c): KCommand[] => {
          // A move toward the unit's goal is offered several times (the same object: one refusal drops them all).
          const cmd: KCommand = { ...c, side, unitId };
          return Array<KCommand>(c.mode === 'charge' ? 1 : moveWeight(s, ctx.table, unitId, c.moves)).fill(cmd);
        });
      }),
      sureRefusal,
    });
  }
  if (shooters.length) {
    groups.push({
      keys: ['SHOOT'],
      build: () => shooters.flatMap((unitId) => shotCandidates(s, unitId, side)),
      // K-5.2a a shot the rules refused for want of sight, asked again while no soldier of either unit has
      // moved (purpose-refusals.ts): dropped without their sight check.
      sureRefusal: (c) => shotKnownUnseen(s, ctx.table, c as SoldierCommand),
      refused: (c, why) => noteShotRefused(s, ctx.table, c as SoldierCommand, why),
    });
  }
  return groups;
}

/** A group of lazy candidates; its whole list (candidateCommands) is every one built, as many times as it weighs. */
function lazyGroup(keys: readonly string[], candidates: () => LazyCandidate[], sureRefusal: (c: KCommand) => boolean): CandidateGroup {
  return {
    keys,
    build: () => candidates().flatMap((c) => {
      const cmd = c.build();
      return cmd ? Array<KCommand>(Math.max(0, Math.round(c.weigh ? c.weigh(cmd) : c.weight))).fill(cmd) : [];
    }),
    candidates,
    sureRefusal,
  };
}

/**
 * Shots at every enemy unit within reach in plan: K-5.1a the nearest gap between a soldier able to
 * shoot and a target soldier is at most the longest weapon range among them (the tape in 3D is never
 * shorter than the gap in plan; the rules measure exactly and look for sight lines).
 */
function shotCandidates(s: KGameState, unitId: string, side: string): KCommand[] {
  const out: KCommand[] = [];
  const firers = ableFirers(s, s.units[unitId]!, s.house);
  const reach = Math.max(0, ...firers.map((f) => (f.weapon ? weaponById(f.weapon)?.range ?? 0 : 0)));
  if (!firers.length) return out;
  const me = spread(firers);
  for (const t of Object.values(s.units)) {
    if (t.side === side || !unitOnTable(s, t)) continue;
    // Units as discs around their centres first (most are far out of reach), then soldier by soldier.
    const figs = liveFigures(s, t);
    const them = spread(figs);
    if (!within(hypot(me.x - them.x, me.z - them.z) - me.r - them.r, reach)) continue;
    let near = false;
    for (const a of firers) {
      for (const b of figs) {
        if (within(hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]) - a.baseRadius - b.baseRadius, reach)) { near = true; break; }
      }
      if (near) break;
    }
    if (near) out.push({ type: 'SHOOT', side, unitId, targetId: t.id });
  }
  return out;
}

/** Scenario special commands the activating side may give now (fire from off the table, a demolition charge): all legal. */
function specials(s: KGameState, api: KRulesApi, side: string): KCommand[] {
  if (!s.special || !api.specialCommands) return [];
  return api.specialCommands(s, s.activation!.unitId).map((c) => ({ ...c, side }));
}

/** A disc in plan holding every figure's base: centre and radius. */
function spread(figs: ReadonlyArray<{ at: readonly [number, number]; baseRadius: number }>): { x: number; z: number; r: number } {
  if (!figs.length) return { x: 0, z: 0, r: -Infinity };
  let x = 0;
  let z = 0;
  for (const f of figs) {
    x += f.at[0] / figs.length;
    z += f.at[1] / figs.length;
  }
  let r = 0;
  for (const f of figs) r = Math.max(r, hypot(f.at[0] - x, f.at[1] - z) + f.baseRadius);
  return { x, z, r };
}

/**
 * K-6.1a charges worth trying: at each enemy unit (the two nearest) within the unit's move in plan,
 * every soldier straight at the nearest enemy soldier, stopping in contact, at the fence between (contact
 * across it, K-6.1a) or short of his allowance (purpose.ts chargeSteps: none when nobody would reach).
 * Only where the action allows a charge (the gate's modes); the rules decide the rest.
 */
function chargeCandidates(s: KGameState, table: TableQueries, unitId: string, mode: string | undefined): SoldierCommand[] {
  const out: SoldierCommand[] = [];
  for (const t of chargeTargets(s, unitId, mode)) {
    const c = chargeAt(s, table, unitId, mode, t);
    if (c) out.push(c);
  }
  return out;
}

/** The enemy units chargeCandidates tries (the two nearest within the unit's charge move and reach in plan): cheap, nothing planned. */
function chargeTargets(s: KGameState, unitId: string, mode: string | undefined): string[] {
  if (mode === 'regroup' || (mode === 'fast' && !s.house.fastCharge)) return [];
  const u = s.units[unitId]!;
  const mine = liveFigures(s, u);
  if (!mine.length) return [];
  const reach = Math.max(...mine.map((f) => movementAllowance(s, f.id, 'charge', false, s.house, mode === 'fast').allowance));
  // Most of the time no enemy soldier is anywhere near: one look at every standing soldier, nothing built.
  if (!withinReach(mine, standingFigures(s), u.side, reach + contactReach(s.house))) return [];
  const me = spread(mine);
  return Object.values(s.units)
    .filter((t) => t.side !== u.side && unitOnTable(s, t) && t.status !== 'surrendered')
    .map((t) => ({ t, figs: liveFigures(s, t) }))
    .map((x) => ({ ...x, gap: ((d) => hypot(me.x - d.x, me.z - d.z) - me.r - d.r)(spread(x.figs)) }))
    .filter((x) => x.figs.length && x.gap <= reach + contactReach(s.house))
    .sort((a, b) => a.gap - b.gap)
    .slice(0, 2)
    // Soldier by soldier: chargeSteps finds no contact unless someone is within his allowance and the contact reach of an enemy soldier.
    .filter((x) => withinReach(mine, x.figs, u.side, reach + contactReach(s.house)))
    .map((x) => x.t.id);
}

/** Is a soldier of `others` not of `side` within `reach` cm (base to base, in plan) of one of `mine`? */
function withinReach(mine: readonly KFigure[], others: readonly KFigure[], side: string, reach: number): boolean {
  // Plan box of `mine`, and their largest base: a soldier further than reach + both bases (and 1 cm
  // more, well beyond any rounding) outside it along x or z is out of reach of each of them (the
  // distance in plan is never below either difference), so the soldier-by-soldier test is skipped.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity, maxR = 0;
  for (const f of mine) {
    if (f.at[0] < minX) minX = f.at[0];
    if (f.at[0] > maxX) maxX = f.at[0];
    if (f.at[1] < minZ) minZ = f.at[1];
    if (f.at[1] > maxZ) maxZ = f.at[1];
    if (f.baseRadius > maxR) maxR = f.baseRadius;
  }
  for (const t of others) {
    if (t.side === side) continue;
    const pad = reach + maxR + t.baseRadius + 1;
    if (t.at[0] < minX - pad || t.at[0] > maxX + pad || t.at[1] < minZ - pad || t.at[1] > maxZ + pad) continue;
    for (const f of mine) {
      if (hypot(t.at[0] - f.at[0], t.at[1] - f.at[1]) - f.baseRadius - t.baseRadius <= reach) return true;
    }
  }
  return false;
}

/** The charge at one enemy unit (purpose.ts chargeSteps), or undefined when no soldier would reach it. */
function chargeAt(s: KGameState, table: TableQueries, unitId: string, mode: string | undefined, targetId: string): SoldierCommand | undefined {
  const u = s.units[unitId]!;
  const moves = chargeSteps(s, table, liveFigures(s, u), liveFigures(s, targetId), mode === 'fast');
  return moves ? { type: 'MOVE', side: u.side, unitId, mode: 'charge', targetId, moves } : undefined;
}
