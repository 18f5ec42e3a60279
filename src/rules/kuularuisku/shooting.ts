// K-5.3 – K-5.7 shooting: firepower dice per soldier and weapon (K-5.3, K-WPN, MG loader K-AMB-19),
// hits on skill (6 when pinned, K-7.1c), close-range re-rolls (K-5.7), the cover test with the
// majority cover (K-5.4), wounds (K-5.5), then the morale triggers (K-7.1-T1/T2, K-AMB-16).
import { type KCtx, type KRefusal, type KResult, Steps, houseOf, refuse } from './context';
import { weaponById } from './data';
import { ev, type KDie } from './events';
import { moraleTest } from './morale';
import { liveFigures } from './table';
import { soldierName } from './soldier-names';
import { evaluateTarget, movedGunRefusal, type TargetOption } from './visibility';
import { type MedicPolicy, type WoundTestCursor, allocationChoices, applyWoundsAsking, medicDuties, woundable, woundTests } from './wounds';
import { PINNED_HIT } from './constants';
import { biteCover } from './special';
import type { HouseSettings, KFigure, KReading, KState, KUnit } from './state';
import type { KTestsAfter } from './flow-types';

/** K-5.3b / K-WPN / K-AMB-19 dice a soldier rolls: his weapon's firepower; an MG without a loader 3N. */
export function firepowerOf(s: KState, f: KFigure, house: HouseSettings): number {
  const w = f.weapon ? weaponById(f.weapon) : undefined;
  if (!w || f.condition === 'serious') return 0;
  if (w.class !== 'mg') return w.firepower;
  const u = s.units[f.unitId]!;
  const mates = liveFigures(s, u);
  const gunners = mates.filter((g) => g.weapon && weaponById(g.weapon)?.class === 'mg' && g.condition !== 'serious');
  const loaders = mates.filter((g) => g.role === 'mg-loader' && g.condition !== 'serious');
  const served = gunners.indexOf(f) < loaders.length;
  if (served) return w.firepower;
  return w.withoutLoader ?? house.mgNoLoaderFirepower[w.id] ?? w.firepower;
}

/** K-2.4 / K-5.1a / K-6.3a / K-4.1a may this unit shoot now? */
export function shootRefusal(s: KState, u: KUnit): { rule: string; reason: string } | undefined {
  if (u.status === 'in-melee') return { rule: 'K-6.3a', reason: `${u.name} is locked in melee: it cannot shoot` };
  if (u.status === 'routing') return { rule: 'K-7.3d', reason: `${u.name} is routing` };
  if (u.status !== 'normal' && u.status !== 'pinned') return { rule: 'K-7.4a', reason: `${u.name} is out of the game` };
  const a = s.activation;
  // K-1.1b / K-AMB-2 (house splitActsOnOneCard): the covering-fire half acts on its parent's card and
  // can only shoot — whatever its parent does (covering a fast move is what the split is for) — once.
  if (a && u.splitFrom && s.house.splitActsOnOneCard && a.units.includes(u.splitFrom)) {
    if (a.supportShot?.includes(u.id)) return { rule: 'K-5.1a', reason: `${u.name} has already shot this activation (one target per action)` };
    return undefined;
  }
  if (a && a.units.includes(u.id)) {
    if (a.phase === 'done') return { rule: 'K-6.3b', reason: `${u.name} can do nothing more this activation` };
    if (a.shot.some((id) => s.figures[id]?.unitId === u.id)) return { rule: 'K-5.1a', reason: `${u.name} has already shot this activation (one target per action)` };
    if (a.phase === 'shot-then-moving') return { rule: 'K-2.4c', reason: `${u.name} has moved after shooting: no one may shoot now` };
    switch (a.action) {
      case 'fast-move': return { rule: 'K-4.1a', reason: 'a fast-moving unit cannot shoot' };
      case 'command': case 'special': case 'melee': case 'rout': case 'regroup':
        return { rule: 'K-2.4a', reason: `${u.name} chose "${a.action}": it does not shoot in this activation` };
      case 'shoot-move':
        if (a.moved.some((id) => s.figures[id]?.unitId === u.id)) return { rule: 'K-2.4b', reason: 'shoot then move: the shooting comes first' };
        break;
      default: break;
    }
  } else if (a && !a.units.includes(u.id)) {
    return { rule: 'K-2.0a', reason: `${u.name} is not activating` };
  }
  return undefined;
}

export interface ShootArgs {
  shooterId: string;
  targetId: string;
  /** K-2.4c soldiers who shoot (default: all who may). */
  shooters?: string[];
  /** K-5.2e the soldier whose view decides which enemies can be hit (when several see equally many). */
  spotter?: string;
  /** K-5.5a the target owner's allocation of wounds (default: spread, key soldiers last). */
  allocation?: Record<string, number>;
  medic?: MedicPolicy;
  /** K-5.5h who takes over a fallen MG (figure id, or null to leave it). */
  takeOver?: Record<string, string | null>;
  /**
   * K-5.5a the target's owner allocates: when he has a real choice (more than one allowed allocation)
   * and no `allocation` is given, the shooting stops after the cover test and returns what he must
   * allocate (`awaiting`); finishShooting resolves the rest with his answer. K-SKL-8 he also says
   * whether his medic re-rolls a wound test (resumeShooting goes on with his word).
   */
  ownerAllocates?: boolean;
}

/** K-5.5a the wounds of a shot that wait for the target owner's allocation. */
export interface WoundsAwaiting {
  kind: 'wounds';
  unitId: string;
  shooterId: string;
  /** K-5.5b the soldiers who may take a wound. */
  eligible: string[];
  wounds: number;
  machineGun: boolean;
  /** Fire from off the table (the scenario's special rule id; `shooterId` is then the activating unit). */
  offTable?: string;
}

/** Roll the shooting test (K-5.3d, K-7.1c, K-5.7a) for some soldiers. */
export function shootingDice(s: KState, firers: readonly KFigure[], ctx: KCtx, opts: { pinned: boolean; reroll: boolean; maxDice?: number }): KDie[] {
  const house = houseOf(s, ctx);
  const dice: KDie[] = [];
  let left = opts.maxDice ?? Infinity;
  for (const f of firers) {
    const n = Math.min(firepowerOf(s, f, house), left);
    left -= n;
    const need = opts.pinned ? PINNED_HIT : f.skill;
    for (let i = 0; i < n; i++) {
      const v = ctx.dice.roll(6, `shooting test of ${f.id} (${need}+)`, opts.pinned ? 'K-7.1c' : 'K-5.3d');
      if (v >= need || !opts.reroll) dice.push({ figureId: f.id, value: v, need, success: v >= need });
      else {
        const again = ctx.dice.roll(6, `close-range re-roll of ${f.id} (${need}+)`, 'K-5.7a');
        dice.push({ figureId: f.id, value: again, first: v, need, success: again >= need });
      }
    }
  }
  return dice;
}

/** K-5.4a/b the cover test: one die per hit, each below the cover value is a wound. */
export function coverTest(st: Steps, unitId: string, hits: number, cover: { value: number; name: string }, ctx: KCtx, rule = 'K-5.4a'): number {
  if (hits <= 0) return 0;
  cover = biteCover(st.state, unitId, cover); // cannot-go-to-ground (no-cover reading): no use of the ground
  const dice: KDie[] = [];
  for (let i = 0; i < hits; i++) {
    const v = ctx.dice.roll(6, `cover test of ${st.state.units[unitId]!.name} (wound below ${cover.value})`, rule);
    dice.push({ value: v, need: cover.value, success: v < cover.value });
  }
  const wounds = dice.filter((d) => d.success).length;
  st.push(ev('COVER_TEST', rule, `${st.state.units[unitId]!.name} cover test against ${cover.value} (${cover.name}): ${dice.map((d) => d.value).join(', ')} — ${wounds} wound${wounds === 1 ? '' : 's'}`, { unitId, cover: cover.value, coverClass: cover.name, dice, wounds }));
  return wounds;
}

/**
 * K-7.1-T1 / T2 / K-AMB-16 / K-AMB-8 morale after fire: someone wounded or killed (a scratch counts only
 * under the house option), or fired on by a machine gun; one test per event by default.
 */
export function moraleAfterFire(st: Steps, unitId: string, worst: ReadonlyArray<string>, machineGun: boolean, ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const hurt = worst.some((r) => r !== 'scratch' || house.scratchTriggersMorale);
  const triggers: Array<'K-7.1-T1' | 'K-7.1-T2'> = [];
  if (hurt) triggers.push('K-7.1-T1');
  if (machineGun) triggers.push('K-7.1-T2');
  const run = house.oneMoraleTestPerEvent ? triggers.slice(0, 1) : triggers;
  for (const t of run) {
    const u = st.state.units[unitId];
    if (!u || !liveFigures(st.state, u).length) return;
    st.push(...moraleTest(st.state, unitId, t, ctx));
  }
}

/**
 * K-SKL-8 / K-5.5h a unit's wound tests paused: its owner says whether his medic re-rolls the die, or
 * who takes over a fallen soldier's weapon (`after`: tests of defensive fire or a melee round, not a shot's).
 */
export interface MedicAwaiting {
  kind: 'medic';
  unitId: string;
  shooterId: string;
  machineGun: boolean;
  allocation: Record<string, number>;
  cursor: WoundTestCursor;
  after?: KTestsAfter;
}

/** K-5.1b the shot at a lone leader waits, before any die, for his owner: does he dive into one of `into` (each a valid target then) or stay alone? */
export interface DiveAwaiting {
  kind: 'dive';
  leaderId: string;
  shooterId: string;
  shooters?: string[];
  spotter?: string;
  into: string[];
  /** Fire from off the table (the scenario's special rule id) rather than a unit's shot. */
  offTable?: string;
}

/** What a shooting waits for from the target's owner. */
export type ShotAwaiting = WoundsAwaiting | MedicAwaiting | DiveAwaiting;

type FinishOpts = { allocation?: Record<string, number>; medic?: MedicPolicy; takeOver?: Record<string, string | null>; text?: string; askOwner?: boolean };

/**
 * K-5.5 – K-7.1 the rest of a shooting once its wounds are known: allocation (given, else the
 * default), wound tests, morale after fire, the medics' duties. With `askOwner` it stops at a die the
 * medic could re-roll and returns what the owner must answer.
 */
export function finishShooting(st: Steps, w: Omit<WoundsAwaiting, 'kind'>, ctx: KCtx, opts: FinishOpts = {}): KRefusal | MedicAwaiting | undefined {
  const applied = applyWoundsAsking(st, w.unitId, w.eligible, w.wounds, ctx, opts);
  if ('ok' in applied) return applied;
  if ('paused' in applied) return { kind: 'medic', unitId: w.unitId, shooterId: w.shooterId, machineGun: w.machineGun, allocation: applied.allocation, cursor: applied.paused };
  afterWoundTests(st, w.unitId, applied.worst, w.machineGun, ctx);
  return undefined;
}

/** K-7.1 morale after fire and K-SKL-8 the medics' duties, once every wound test is done. */
function afterWoundTests(st: Steps, unitId: string, worst: ReadonlyArray<string>, machineGun: boolean, ctx: KCtx): void {
  moraleAfterFire(st, unitId, worst, machineGun, ctx);
  st.push(...medicDuties(st.state, ctx.table, houseOf(st.state, ctx)));
}

/** K-SKL-8 the owner's word on the medic's re-roll: the wound tests go on (and may ask again), then the rest of the shooting. */
export function resumeShooting(st: Steps, m: MedicAwaiting, answer: boolean | string | null, ctx: KCtx): MedicAwaiting | undefined {
  const run = woundTests(st, m.unitId, m.allocation, ctx, { askOwner: true }, m.cursor, answer);
  if ('paused' in run) return { ...m, cursor: run.paused };
  afterWoundTests(st, m.unitId, run.worst, m.machineGun, ctx);
  return undefined;
}

/** K-5.1a, K-5.2f, K-2.4c may this shot be fired (the target valid, each chosen soldier able to hit it): the target's option and the soldiers who shoot. */
export function checkShot(s: KState, args: Pick<ShootArgs, 'shooterId' | 'targetId' | 'shooters' | 'spotter'>, ctx: KCtx): KRefusal | { option: TargetOption; chosen: string[] } {
  const su = s.units[args.shooterId];
  if (!su) return refuse('K-5.1a', `no unit "${args.shooterId}"`);
  const why = shootRefusal(s, su);
  if (why) return refuse(why.rule, why.reason);
  const option = evaluateTarget(s, args.shooterId, args.targetId, ctx, args.spotter, true); // a refusal's rule and text only
  if (!option.valid) return refuse(option.reason!.rule, option.reason!.text);
  const chosen = args.shooters ?? option.shooters;
  for (const id of chosen) {
    if (option.shooters.includes(id)) continue;
    const f = s.figures[id];
    const moved = f && f.unitId === su.id ? movedGunRefusal(su, f) : undefined;
    if (moved) return refuse(moved.rule, moved.reason);
    return refuse('K-5.2f', `${f ? soldierName(s, id) : `"${id}"`} cannot shoot at ${s.units[args.targetId]!.name} (not in sight or range)`);
  }
  if (!chosen.length) return refuse('K-2.4c', 'no soldier shoots');
  return { option, chosen };
}

/** K-5.1 … K-5.7 a unit shoots at an enemy unit: every die, test and consequence as events (up to the owner's allocation when he allocates). */
export function resolveShooting(s: KReading, args: ShootArgs, ctx: KCtx): KResult<{ option: TargetOption; awaiting?: ShotAwaiting }> {
  const house = houseOf(s, ctx);
  const checked = checkShot(s, args, ctx);
  if ('ok' in checked) return checked;
  const { option, chosen } = checked;
  const su = s.units[args.shooterId]!;
  const st = new Steps(s);
  const firers = chosen.map((id) => s.figures[id]!);
  const pinned = su.status === 'pinned';
  const reroll = option.closeRange && (!pinned || house.pinnedCloseRangeReroll);
  const dice = shootingDice(s, firers, ctx, { pinned, reroll });
  const hits = dice.filter((d) => d.success).length;
  const machineGun = firers.some((f) => ['mg', 'light-mg'].includes(weaponById(f.weapon!)?.class ?? ''));
  const tu = s.units[args.targetId]!;
  st.push(ev('SHOT_FIRED', pinned ? 'K-7.1c' : 'K-5.3a', `${su.name} shoots at ${tu.name}: ${dice.length} dice${pinned ? ' (pinned: 6s only)' : ''}${option.closeRange ? ', close range' : ''} — ${hits} hit${hits === 1 ? '' : 's'}`, {
    shooterId: su.id, targetId: tu.id, shooters: chosen, targets: option.hittable, dice, hits, closeRange: option.closeRange, defensive: false, pinned, machineGun,
  }));
  const wounds = coverTest(st, tu.id, hits, option.cover, ctx);
  const w: WoundsAwaiting = { kind: 'wounds', unitId: tu.id, shooterId: su.id, eligible: option.hittable, wounds, machineGun };
  if (args.ownerAllocates && !args.allocation && wounds > 0 && allocationChoices(st.state, woundable(st.state, option.hittable), wounds, 2).count > 1) {
    return { ok: true, events: st.events, option, awaiting: { ...w, eligible: woundable(st.state, option.hittable) } };
  }
  const rest = finishShooting(st, w, ctx, { ...(args.allocation ? { allocation: args.allocation } : {}), ...(args.medic ? { medic: args.medic } : {}), ...(args.takeOver ? { takeOver: args.takeOver } : {}), ...(args.ownerAllocates ? { askOwner: true } : {}) });
  if (rest && 'ok' in rest) return rest;
  return { ok: true, events: st.events, option, ...(rest ? { awaiting: rest } : {}) };
}

