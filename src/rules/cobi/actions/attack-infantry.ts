// C-3.3.3.2 the infantry attack: the activated squad names a target unit (C-3.3.3.2a); every figure
// with a weapon that can fire attacks (C-AMB-11 house squadAttacks; option one-per-squad: one figure)
// the nearest figure of it he sees in range. Modifiers: range band (C-3.3.3.2d, C-MOD-10, weapons.json),
// cover (C-MOD-5/6), and −1 when the target is not the nearest enemy not hidden (C-3.3.3.2f, C-MOD-8,
// nearest measured from the firer). A hidden unit takes no direct fire (C-3.3.2a, C-GAP-6). The
// attacker's die first (C-3.3.3.2b/c: a natural 1 misses, a second 1 jams; on an impossible shot 6
// then 6 hits); each die that needs a defence waits for the target's player, who rolls it
// (C-3.3.3.2g: the decision "roll"). Higher kills (C-AMB-10), a tie wounds (C-3.3.3.2i), lower misses;
// a wounded figure hit again in the same attack dies (house: the book does not say). Then each
// firer's reload test (C-3.3.3.2h; a jam replaces it, C-AMB-5).
// C-3.3.3.2j a figure with a template weapon lays its template instead: at the command's `at` (with
// `facing` for the explosion rectangle; by default along the line of fire), else on the nearest figure
// of the target he sees; its centre must be seen and in range. Every figure of the target's side under
// it (house templateUnder / templateSides, C-AMB-11; hidden ones too, C-GAP-6) takes its own attack die
// (templateRolls) and its side's defence roll; a jam stops the gun, the figures left take no die. Its
// modifiers: the range band to the centre, each figure's own cover from the gunner, and C-MOD-8.
import { basesCovered, type Command, type Dice, type GameEvent, type PendingDecision, type Resolution, type TableQueries, type TemplateShape, type Vec2 } from '../../../core';
import type { Scenario } from '../../../scenario';
import { evolveAttack } from '../evolve-attack';
import { attackDieRolled, attackOver, figureHit, reloadTested, templateLaid, unitAttacks, type AttackDieResult } from '../events';
import { shotModifiers, type Modifier } from '../modifiers';
import { attackDie, opposedRoll } from '../infantry/opposed';
import { nearestTargets } from '../infantry/priority';
import { rangeModifier } from '../infantry/range';
import { coverOf, figureSight, type Cover } from '../infantry/sight';
import { bearingTo, pointSight, templateShape } from '../infantry/template';
import { playData, weaponOf } from '../play-data';
import { FIGURE, figureName, sideName, unitName } from '../scenario-data';
import { activeFigures, liveFigures, unitFigures, type CFigure, type CState, type CTable } from '../state';
import type { Weapon } from '../weapons';

type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });

/** One figure's shot as planned: whom he fires at, how far, and the modifiers. */
export interface ShotPlan {
  readonly firer: CFigure;
  readonly weapon: Weapon;
  readonly target: CFigure;
  readonly distance: number;
  readonly cover?: Cover;
  readonly notNearest: boolean;
  readonly modifier: { total: number; parts: Modifier[] };
  /** C-3.3.3.2j the template the shot comes from (absent: direct fire). */
  readonly template?: string;
}

/** C-3.3.3.2j a template as a firer lays it: where, and the figures under it (in their order on the table). */
export interface LaidTemplate {
  readonly id: string;
  readonly firer: string;
  readonly weapon: Weapon;
  readonly shape: TemplateShape;
  readonly under: readonly string[];
}

/** Where the command aims a template: its centre and (the explosion) its facing. */
export interface TemplateAim {
  readonly at?: Vec2;
  readonly facing?: number;
}

/** C-3.3.3.2j the figure's template weapon when it can fire now (loaded, with a range: the Explosion column is never fired on its own). */
export function templateWeapon(scenario: Scenario, f: CFigure): Weapon | undefined {
  const w = weaponOf(scenario, f.weapon);
  return w && w.template && w.ranges.length > 0 && !f.weaponState ? w : undefined;
}

/** C-4.2 / C-3.3.3.2b/h the figure's weapon when it can fire directly now (loaded, no template: templates are resolved apart). */
export function directWeapon(scenario: Scenario, f: CFigure): Weapon | undefined {
  const w = weaponOf(scenario, f.weapon);
  return w && !w.template && w.ranges.length > 0 && !f.weaponState ? w : undefined;
}

/** Why a figure's weapon cannot fire directly (for the refusal when none of the squad can). */
function silentWhy(scenario: Scenario, f: CFigure): { reason: string; rule: string } {
  const w = weaponOf(scenario, f.weapon);
  const who = figureName(scenario, f.unit, f.id);
  if (f.weaponState === 'jammed') return { reason: `${who}'s ${w?.name ?? f.weapon} is jammed`, rule: 'C-3.3.3.2b' };
  if (f.weaponState === 'needs-reload') return { reason: `${who}'s ${w?.name ?? f.weapon} must be reloaded`, rule: 'C-3.3.3.2h' };
  if (f.weaponState === 'spent') return { reason: `${who}'s ${w?.name ?? f.weapon} has been fired`, rule: 'C-4.2' };
  return { reason: `${who}'s ${w?.name ?? f.weapon} lays a template`, rule: 'C-3.3.3.2j' };
}

/**
 * C-3.3.3.2a–f/j the squad's shots at `target` (a unit): for each figure able to fire directly, the
 * nearest figure of the target he sees within his weapon's range, with the modifiers; for each with a
 * template weapon, its template (at `aim.at`, else on the nearest figure of the target he sees) and a
 * shot at each figure under it. `firer` picks the one figure under the one-per-squad option. The plans,
 * or the refusal naming why none can fire (or why the template cannot go where `aim.at` puts it).
 */
export function planAttack(t: CTable, scenario: Scenario, table: TableQueries, unit: string, target: string, firer?: string, aim: TemplateAim = {}): { ok: true; plans: ShotPlan[]; templates: LaidTemplate[] } | Refusal {
  const own = t.units.find((u) => u.id === unit);
  const foe = t.units.find((u) => u.id === target);
  if (!own) return no(`no unit "${unit}"`, 'C-3.3.3.2a');
  if (!foe || foe.side === own.side) return no(`${foe ? unitName(scenario, target) : `"${target}"`} is no enemy unit`, 'C-3.3.3.2a');
  const targets = unitFigures(t, target);
  if (!targets.length) return no(`${unitName(scenario, target)} has no figure left in the fight`, 'C-3.3.3.2a');
  const figures = unitFigures(t, unit);
  // C-3.3.2a, C-GAP-6 (house hiddenEffect: no direct fire at a hidden unit; a template still hits it).
  let firers = figures.filter((f) => templateWeapon(scenario, f) || (!foe.hidden && directWeapon(scenario, f)));
  if (firer !== undefined) firers = firers.filter((f) => f.id === firer);
  if (!firers.length) {
    if (foe.hidden) return no(`${unitName(scenario, target)} is hidden: no direct fire at a hidden unit`, 'C-3.3.2a');
    if (firer !== undefined) return no(`${figures.some((f) => f.id === firer) ? figureName(scenario, unit, firer) : `"${firer}"`} cannot fire now`, 'C-3.3.3.2a');
    const why = figures[0] ? silentWhy(scenario, figures[0]) : { reason: `${unitName(scenario, unit)} has no figure in the fight`, rule: 'C-3.3.3.2a' };
    return no(`no figure of ${unitName(scenario, unit)} can fire: ${why.reason}`, why.rule);
  }
  const enemies = activeFigures(t).filter((f) => f.side !== own.side);
  const hidden = new Set(t.units.filter((u) => u.hidden).map((u) => u.id));
  const candidates = enemies.map((e) => ({ id: e.id, at: e.at, hidden: hidden.has(e.unit) }));
  // Other units' figures and every hull stand in the line (C-3.3.3.1a); the firer's squad and the target's do not block.
  const others = activeFigures(t).filter((f) => f.unit !== unit && f.unit !== target);
  const house = playData(scenario).house;
  const plans: ShotPlan[] = [];
  const templates: LaidTemplate[] = [];
  let first: Refusal | undefined;
  for (const f of firers) {
    const nearest = new Set(nearestTargets(f.at, candidates).map((id) => enemies.find((e) => e.id === id)!.unit));
    const notNearest = !nearest.has(target);
    const byDistance = [...targets].sort((a, b) => Math.hypot(a.at[0] - f.at[0], a.at[1] - f.at[1]) - Math.hypot(b.at[0] - f.at[0], b.at[1] - f.at[1]));
    const tw = templateWeapon(scenario, f);
    if (tw) {
      const laid = layTemplate(t, scenario, table, f, tw, foe.side, byDistance, others, aim, house);
      if (!laid.ok) {
        // A centre the player named must take the template; the default one only drops this gunner.
        if (aim.at) return laid;
        first ??= laid;
        continue;
      }
      templates.push(laid.template);
      for (const id of laid.template.under) {
        const tf = t.figures.find((x) => x.id === id)!;
        const cover = coverOf(table, f.at, tf.at);
        const modifier = shotModifiers({ range: laid.mod, notNearest, ...(cover ? { cover: cover.kind } : {}) });
        plans.push({ firer: f, weapon: tw, target: tf, distance: laid.distance, ...(cover ? { cover } : {}), notNearest, modifier, template: laid.template.id });
      }
      continue;
    }
    const weapon = directWeapon(scenario, f)!;
    for (const tf of byDistance) {
      const sight = figureSight(scenario, table, f, tf, others, t.vehicles ?? []);
      if (!sight.seen) {
        first ??= no(`${figureName(scenario, unit, f.id)} cannot see ${figureName(scenario, target, tf.id)}: ${sight.blocker} is in the way`, 'C-3.3.3.1a');
        continue;
      }
      const range = rangeModifier(weapon.ranges, sight.distance);
      if (!range.inRange) {
        first ??= no(`${figureName(scenario, unit, f.id)}'s ${weapon.name}: ${range.reason}`, 'C-3.3.3.2d');
        continue;
      }
      const modifier = shotModifiers({ range: range.mod, notNearest, ...(sight.cover ? { cover: sight.cover.kind } : {}) });
      plans.push({ firer: f, weapon, target: tf, distance: sight.distance, ...(sight.cover ? { cover: sight.cover } : {}), notNearest, modifier });
      break;
    }
  }
  if (!plans.length) return first ?? no(`no figure of ${unitName(scenario, target)} under the template`, 'C-3.3.3.2j');
  // C-AMB-11 (house squadAttacks): every figure fires, or one for the squad (the one named, else the first able).
  if (house.squadAttacks === 'one-per-squad') {
    const one = plans[0]!.firer.id;
    return { ok: true, plans: plans.filter((p) => p.firer.id === one), templates: templates.filter((x) => x.firer === one) };
  }
  return { ok: true, plans, templates };
}

const at1 = (v: Vec2) => `(${v[0].toFixed(1)}, ${v[1].toFixed(1)})`;

/**
 * C-3.3.3.2j one gunner's template: centred at `aim.at` or on the nearest figure of the target he sees;
 * the centre seen (C-3.3.3.1a) and in range (C-3.3.3.2d); the figures of the target's side under it.
 */
function layTemplate(
  t: CTable, scenario: Scenario, table: TableQueries, f: CFigure, w: Weapon, side: string, byDistance: readonly CFigure[],
  others: readonly CFigure[], aim: TemplateAim, house: ReturnType<typeof playData>['house'],
): { ok: true; template: LaidTemplate; mod: number; distance: number } | Refusal {
  const who = figureName(scenario, f.unit, f.id);
  const hulls = t.vehicles ?? [];
  let centre = aim.at;
  let sight;
  if (!centre) {
    for (const tf of byDistance) {
      const s = figureSight(scenario, table, f, tf, others, hulls);
      if (s.seen) {
        centre = tf.at;
        sight = s;
        break;
      }
    }
    if (!centre || !sight) {
      const s = byDistance[0] && figureSight(scenario, table, f, byDistance[0], others, hulls);
      return no(`${who} sees no figure of ${unitName(scenario, byDistance[0]?.unit ?? '')} to lay the ${w.name}'s template on${s && !s.seen ? `: ${s.blocker} is in the way` : ''}`, 'C-3.3.3.1a');
    }
  }
  const facing = aim.facing ?? bearingTo(f.at, centre);
  const shape = templateShape(w.template!, centre, facing, house.templateSize);
  const under = basesCovered(shape, liveFigures(t).filter((x) => x.side === side).map((x) => ({ id: x.id, at: x.at, radius: FIGURE.radius })), house.templateUnder);
  const underIds = new Set(under.map((b) => b.id));
  if (!sight) {
    // The figures under the template are what he aims at: they do not block the line to its centre.
    sight = pointSight(scenario, table, f, centre, others.filter((o) => !underIds.has(o.id)), hulls);
    if (!sight.seen) return no(`${who} cannot see the template's centre at ${at1(centre)}: ${sight.blocker} is in the way`, 'C-3.3.3.1a');
  }
  const range = rangeModifier(w.ranges, sight.distance);
  if (!range.inRange) return no(`${who}'s ${w.name}, the template's centre at ${at1(centre)}: ${range.reason}`, 'C-3.3.3.2d');
  if (!under.length) return no(`no figure of the enemy under ${who}'s template at ${at1(centre)}`, 'C-3.3.3.2j');
  return { ok: true, template: { id: `${f.id}:${w.template}`, firer: f.id, weapon: w, shape, under: under.map((b) => b.id) }, mod: range.mod, distance: sight.distance };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/** The modifiers as the log reads them: "C-MOD-10 range −1, C-MOD-5 soft cover (Hedgerow) −1". */
export function modifierText(p: Pick<ShotPlan, 'modifier' | 'cover'>): string {
  if (!p.modifier.parts.length) return 'no modifier';
  return p.modifier.parts.map((m) => `${m.rule} ${m.why}${(m.rule === 'C-MOD-5' || m.rule === 'C-MOD-6') && p.cover ? ` (${p.cover.by})` : ''} ${signed(m.value)}`).join(', ');
}

/** C-3.3.3.2h the firers' reload tests, in their order (a weapon that is not reloaded — one-shot — takes none). */
function reloadTests(t: CTable, scenario: Scenario, dice: Dice, firers: readonly string[]): GameEvent[] {
  const out: GameEvent[] = [];
  for (const id of firers) {
    const f = t.figures.find((x) => x.id === id);
    const w = f && weaponOf(scenario, f.weapon);
    if (!f || !w?.reload) continue;
    const who = figureName(scenario, f.unit, f.id);
    const roll = dice.roll(6, `${who}: reload test (${w.reload[0]}–6)`, 'C-3.3.3.2h');
    // C-AMB-6 (house hitRange): a roll of at least the range's low end is in range.
    const loaded = roll >= w.reload[0];
    out.push(reloadTested(f.id, roll, 0, w.reload[0], loaded, 'C-3.3.3.2h', `${who}: reload test ${roll} ${loaded ? `≥ ${w.reload[0]}: reloaded` : `< ${w.reload[0]}: must reload next activation`}`));
  }
  return out;
}

/** The events that close an attack: the reload tests, then its end. */
function closing(t: CTable, scenario: Scenario, dice: Dice, unit: string, reloads: readonly string[]): GameEvent[] {
  return [...reloadTests(t, scenario, dice, reloads), attackOver(unit, `${unitName(scenario, unit)}: attack over`)];
}


/** C-3.3.3.2j the command's template centre `at: [x, z]` and `facing` (degrees), when given. */
function templateAim(c: Command): { ok: true; aim: TemplateAim } | Refusal {
  const at = c.at;
  if (at !== undefined && !(Array.isArray(at) && at.length === 2 && at.every((v) => typeof v === 'number' && Number.isFinite(v)))) return no('"at" is the template\'s centre: [x, z] in cm', 'C-3.3.3.2j');
  if (c.facing !== undefined && !(typeof c.facing === 'number' && Number.isFinite(c.facing))) return no('"facing" is the explosion template\'s heading in degrees', 'C-3.3.3.2j');
  return { ok: true, aim: { ...(at ? { at: [at[0] as number, at[1] as number] as const } : {}), ...(typeof c.facing === 'number' ? { facing: c.facing } : {}) } };
}

/** C-3.3.3.2a–c the ATTACK of the activated infantry unit: its shots and the attacker's dice; the defence waits for its side. */
export function attackInfantry(s: CState, c: Command, ctx: { scenario: Scenario; table: TableQueries; dice: Dice }): Resolution {
  const { scenario, table, dice } = ctx;
  const unit = s.seq.unit!;
  if (typeof c.target !== 'string') return no('an attack needs "target": the id of an enemy unit', 'C-3.3.3.2a');
  const aim = templateAim(c);
  if (!aim.ok) return aim;
  const plan = planAttack(s.table, scenario, table, unit, c.target, typeof c.firer === 'string' ? c.firer : undefined, aim.aim);
  if (!plan.ok) return plan;
  const defender = s.table.units.find((u) => u.id === c.target)!.side;
  const firing = new Set(plan.plans.map((p) => p.firer.id)).size;
  const events: GameEvent[] = [unitAttacks(unit, c.target, defender, `${unitName(scenario, unit)} attack ${unitName(scenario, c.target)} (${firing} firing)`)];
  for (const l of plan.templates) {
    const names = l.under.map((id) => { const x = s.table.figures.find((g) => g.id === id)!; return figureName(scenario, x.unit, x.id); });
    events.push(templateLaid(l.firer, l.weapon.id, l.shape, l.under, `${figureName(scenario, unit, l.firer)} lays the ${l.weapon.template} template (${l.weapon.name}) at ${at1(l.shape.centre)}: ${names.join(', ')} under it`));
  }
  const down = new Set<string>();
  const jammed = new Set<string>();
  for (const p of plan.plans) {
    // C-3.3.3.2b a jammed gun fires no more: the figures left under its template take no die.
    if (jammed.has(p.firer.id)) continue;
    const who = figureName(scenario, unit, p.firer.id);
    const whom = figureName(scenario, p.target.unit, p.target.id);
    const a = attackDie(dice, p.modifier.total, who);
    const result: AttackDieResult = a.kind === 'jam' ? 'jam' : a.kind === 'miss' ? 'miss' : a.kind === 'auto-hit' ? 'auto-hit' : 'roll';
    if (result === 'jam') jammed.add(p.firer.id);
    const says = { jam: 'a 1 then a 1: the weapon jams', miss: 'a natural 1: a miss', 'auto-hit': 'a 6 then a 6: a hit whatever the modifiers', roll: `the target's player rolls the defence` }[result];
    events.push(attackDieRolled({
      firer: p.firer.id, target: p.target.id, weapon: p.weapon.id, distance: p.distance, modifiers: p.modifier.parts, modifier: p.modifier.total,
      rolls: a.rolls, result, reload: !!p.weapon.reload, oneShot: !!p.weapon.oneShot, rule: a.rule, ...(p.template ? { template: p.template } : {}),
      text: `${who} (${p.weapon.name}) at ${whom}${p.template ? ' under the template' : ''}, ${p.distance.toFixed(1)} cm: ${modifierText(p)} = ${signed(p.modifier.total)}; die ${a.rolls.join(' then ')}: ${says}`,
    }));
    if (result === 'auto-hit' && !down.has(p.target.id)) {
      down.add(p.target.id);
      events.push(figureHit(p.firer.id, p.target.id, 'killed', 'C-3.3.3.2c', `${whom} is killed`));
    }
  }
  const after = events.reduce(evolveAttack, s.table);
  if (after.attack?.awaiting.length) return { ok: true, events };
  return { ok: true, events: [...events, ...closing(after, scenario, dice, unit, after.attack?.reloads ?? [])] };
}

/** C-3.3.3.2g the decision an attack waits for: the target's player rolls the defence. */
export function defenceDecision(s: CState, scenario: Scenario): PendingDecision | undefined {
  const a = s.table.attack;
  if (!a?.awaiting.length) return undefined;
  const n = a.awaiting.length;
  return {
    side: a.defender, kind: 'defence-roll', rule: 'C-3.3.3.2g', unitId: a.target,
    label: `${sideName(scenario, a.defender)}: roll the defence of ${unitName(scenario, a.target)} against ${n} shot${n === 1 ? '' : 's'} of ${unitName(scenario, a.unit)}`,
    options: [{ label: 'Roll', command: { type: 'ROLL_DEFENCE', side: a.defender } }],
  };
}

/**
 * C-3.3.3.2g/i, C-AMB-10 the defender rolls: one die per awaiting shot, in order, against the attack's
 * die plus modifiers (a figure already down takes no more). Then the reload tests and the attack's end.
 */
export function answerDefence(s: CState, c: Command, ctx: { scenario: Scenario; dice: Dice }): Resolution {
  const { scenario, dice } = ctx;
  const a = s.table.attack;
  if (!a?.awaiting.length) return no('no attack waits for a defence roll', 'C-3.3.3.2g');
  if (c.side !== a.defender) return no(`the defence is ${sideName(scenario, a.defender)}' to roll`, 'C-3.3.3.2g');
  const events: GameEvent[] = [];
  let t = s.table;
  for (const shot of a.awaiting) {
    const target = t.figures.find((f) => f.id === shot.target)!;
    const whom = figureName(scenario, target.unit, target.id);
    const who = figureName(scenario, a.unit, shot.firer);
    if (!target.alive) {
      events.push({ type: 'SHOT_LOST', rule: 'C-3.3.3.2g', firer: shot.firer, figure: target.id, text: `${who}'s shot: ${whom} is already down` });
      continue;
    }
    const defence = dice.roll(6, `${whom}: defence die against ${who}`, 'C-3.3.3.2g');
    const r = opposedRoll(shot.die, shot.modifier, defence);
    const vs = `${shot.die} ${signed(shot.modifier)} = ${r.total} against ${defence}`;
    let e: GameEvent;
    if (r.outcome === 'miss') e = figureHit(shot.firer, target.id, 'miss', r.rule, `${who} at ${whom}: ${vs}: a miss`, { total: r.total, defence });
    // House: a wounded figure hit again (killed or wounded) dies.
    else if (target.wounded) e = figureHit(shot.firer, target.id, 'killed', 'C-3.3.3.2i', `${who} at ${whom}: ${vs}: hit again while wounded, killed`, { total: r.total, defence });
    else if (r.outcome === 'wounded') e = figureHit(shot.firer, target.id, 'wounded', r.rule, `${who} at ${whom}: ${vs}: a tie, wounded`, { total: r.total, defence });
    else e = figureHit(shot.firer, target.id, 'killed', r.rule, `${who} at ${whom}: ${vs}: killed`, { total: r.total, defence });
    events.push(e);
    t = evolveAttack(t, e);
  }
  return { ok: true, events: [...events, ...closing(t, scenario, dice, a.unit, a.reloads)] };
}
