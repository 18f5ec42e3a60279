// COBI as the play HUD shows it (the neutral PlayView): the squads with their figures (weapons, wounds,
// the hidden token), the legal choices as buttons (initiative, activating a squad, hold, the offered
// moves, attacks by the target's name, hide, reload), the targets with their modifiers, the defender's
// roll as the decision of the defending side, the result; the log with each die; the rules panel; the
// move a drag makes. Lengths in cm.
import { formatDistance, hypot, playTemplateOf, type Command, type GameEvent, type PlayAction, type PlayFigureMove, type PlayLogLine, type PlayTarget, type PlayTemplate, type PlayUnit, type PlayView, type TableQueries } from '../../../core';
import { defenceDecision, modifierText, planAttack } from '../actions/attack-infantry';
import { mustReload } from '../actions/reload';
import { weaponOf } from '../play-data';
import type { Scenario } from '../../../scenario';
import { figureName, sideName, unitName } from '../scenario-data';
import { sideUnits, unitFigures, vehicleOf, type CState } from '../state';
import { strikeDecision } from '../actions/attack-vehicle';
import { decisionActions, vehicleActionOf, vehicleTargets, vehicleUnit } from './vehicles';
import { cobiVictory } from '../sequence/victory';
import { moveOffer } from './move-offer';
import { cobiPhase } from './phase';
import { cobiRules } from './rules-panel';

interface Ctx {
  scenario: Scenario;
  table: TableQueries;
  legal: Command[];
}

const COMPASS_NAMES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
/** Bearing of a step (dx, dz), degrees in [0, 360): 0 = north (+z), 90 = east (+x). */
const bearing = (dx: number, dz: number) => ((Math.atan2(dx, dz) * 180) / Math.PI + 360) % 360;

function describeUnits(s: CState, scenario: Scenario): PlayUnit[] {
  return s.table.units.map((u) => {
    const vehicle = vehicleOf(s.table, u.id);
    if (vehicle) return vehicleUnit(s, vehicle, scenario);
    const figs = s.table.figures.filter((f) => f.unit === u.id);
    const activated = s.seq.acted.includes(u.id);
    const status = s.seq.unit === u.id ? ['acting'] : activated ? ['activated'] : [];
    // C-3.3.2e the hidden token shows to both sides; C-3.3.3.2h a squad that must reload.
    if (u.hidden) status.push('hidden');
    if (mustReload(s.table, scenario, u.id)) status.push('must reload');
    return {
      id: u.id, side: u.side, name: u.name, kind: 'squad',
      status,
      strength: { now: figs.filter((f) => f.alive).length, start: figs.length },
      figures: figs.map((f) => ({
        id: f.id, unitId: u.id, side: u.side, at: [f.at[0], f.at[1]] as [number, number], floor: 0, facing: f.facing,
        condition: !f.alive ? 'dead' : f.wounded ? 'wounded' : 'healthy', ...(f.alive ? {} : { removed: 'down' }),
        weapon: `${weaponOf(scenario, f.weapon)?.name ?? f.weapon}${f.weaponState ? ` (${f.weaponState.replace('-', ' ')})` : ''}`,
        role: scenario.units?.find((x) => x.id === u.id)?.figures.find((x) => x.id === f.id)?.role,
      })),
      activated,
    };
  });
}

/** A squad MOVE's compass point and length, read from its first figure's step. */
function moveHeading(s: CState, c: Command): { name: string; length: number } | undefined {
  const first = Array.isArray(c.moves) ? (c.moves as PlayFigureMove[])[0] : undefined;
  const f = first && unitFigures(s.table, String(c.unitId)).find((x) => x.id === first.figureId);
  if (!f) return undefined;
  const [dx, dz] = [first.to[0] - f.at[0], first.to[1] - f.at[1]];
  return { name: COMPASS_NAMES[Math.round(bearing(dx, dz) / 45) % 8]!, length: hypot(dx, dz) };
}

/** A MOVE of the whole squad the same way, as its button reads: "Move 15 cm N". */
function moveAction(s: CState, c: Command): PlayAction | undefined {
  const h = moveHeading(s, c);
  if (!h) return undefined;
  return { id: `move:${h.name}:${h.length.toFixed(1)}`, label: `Move ${formatDistance(h.length)} ${h.name}`, rule: 'C-3.3.1e', command: c };
}

/**
 * The buttons keep, per compass point, the longest squad move the rules take (the full 15 cm, or the half where the
 * full one is refused): a drag makes any other move, so the bar does not grow to rows of near-copies. The legal list
 * (the random player's) keeps them all.
 */
function longestPerBearing(s: CState, legal: readonly Command[]): Command[] {
  const longest = new Map<string, { command: Command; length: number }>();
  for (const c of legal) {
    const h = c.type === 'MOVE' ? moveHeading(s, c) : undefined;
    if (h && (longest.get(h.name)?.length ?? -1) < h.length) longest.set(h.name, { command: c, length: h.length });
  }
  const kept = new Set([...longest.values()].map((x) => x.command));
  // A vehicle's move (legs, not figures' steps) is listed as it comes.
  return legal.filter((c) => c.type !== 'MOVE' || !moveHeading(s, c) || kept.has(c));
}

/** C-3.2d the winner's choice in round 1, C-3.2f in later rounds. */
const firstRule = (s: CState) => (s.seq.round > 1 ? 'C-3.2f' : 'C-3.2d');

function actionOf(c: Command, s: CState, scenario: Scenario): PlayAction | undefined {
  const vehicle = vehicleActionOf(s, c, scenario);
  if (vehicle) return vehicle;
  switch (c.type) {
    case 'BEGIN_ROUND': return { id: 'begin-round', label: `Roll for the initiative (round ${s.seq.round + 1})`, rule: s.seq.round ? 'C-3.2f' : 'C-3.0a', command: c };
    case 'CHOOSE_FIRST': return c.choice === 'act'
      ? { id: 'first:act', label: 'Act first', rule: firstRule(s), command: c }
      : { id: 'first:pass', label: 'Hand the first activation over', rule: firstRule(s), command: c };
    case 'SURRENDER': return { id: `surrender:${String(c.side)}`, label: `${sideName(scenario, String(c.side))}: surrender`, rule: 'C-3.2g', hint: 'The game ends; the other side wins', place: 'game', command: c };
    case 'END_ROUND': return { id: 'end-round', label: 'End the round', rule: 'C-3.2g', command: c };
    case 'SELECT_UNIT': return { id: `select:${String(c.unitId)}`, label: `Activate ${unitName(scenario, String(c.unitId))}`, rule: 'C-3.3a', command: c };
    case 'HOLD': return { id: 'hold', label: 'Hold', rule: 'C-3.3c', hint: 'The squad does nothing this round', command: c };
    case 'MOVE': return moveAction(s, c);
    case 'ATTACK': return { id: `attack:${String(c.target)}`, label: `Attack ${unitName(scenario, String(c.target))}`, rule: 'C-3.3.3.2a', hint: 'Each figure fires at the nearest figure of it he sees (a template weapon lays its template on it); its player rolls the defence', command: c };
    case 'HIDE': return { id: 'hide', label: 'Hide', rule: 'C-3.3.2a', hint: 'No direct fire at the squad until it moves or shoots', command: c };
    case 'RELOAD': return { id: 'reload', label: 'Reload', rule: 'C-3.3.3.2h', hint: 'A reload test at +2 for each weapon that needs it', command: c };
    case 'ROLL_DEFENCE': return { id: 'roll-defence', label: 'Roll', rule: 'C-3.3.3.2g', hint: 'Your die against each shot: a higher attack kills, a tie wounds', command: c };
    default: return undefined;
  }
}

function detailOf(s: CState, scenario: Scenario): string {
  const { step, side, unit } = s.seq;
  if (step === 'over') return '';
  if (step === 'between') return 'Both sides roll; the higher chooses who acts first, a tie is rolled again (C-3.0a/b)';
  if (step === 'first' && side) return `${sideName(scenario, side)} won the initiative: act first, or hand the first activation over (${firstRule(s)})`;
  if (step === 'end' || !side) return 'Every squad has acted';
  const who = sideName(scenario, side);
  if (step === 'activation' && unit && vehicleOf(s.table, unit)) return `${who}: ${unitName(scenario, unit)} holds, moves along its legs (turns cost CARD-3 per 45°) or fires at an enemy vehicle`;
  if (step === 'activation' && unit) {
    if (mustReload(s.table, scenario, unit)) return `${who}: ${unitName(scenario, unit)} must reload (C-3.3.3.2h)`;
    return `${who}: hold, move ${unitName(scenario, unit)} up to 15 cm (8 cm through difficult ground), attack, hide or reload`;
  }
  const left = sideUnits(s.table, side).filter((u) => !s.seq.acted.includes(u)).length;
  return `${who} to act: ${left} squad(s) left to activate this round`;
}

/**
 * C-3.3.3.2j the templates on the table: those the attack waiting for its defence laid, else where each
 * offered target's template would land (its label names the gunner's weapon and the target).
 */
function templatesOf(s: CState, ctx: Ctx): PlayTemplate[] {
  const a = s.table.attack;
  if (a?.templates?.length) return a.templates.map((shape, i) => playTemplateOf(shape, `laid:${i}`, { label: `${unitName(ctx.scenario, a.unit)}'s template`, rule: 'C-3.3.3.2j' }));
  const unit = s.seq.unit;
  if (s.seq.step !== 'activation' || !unit || a || vehicleOf(s.table, unit)) return [];
  return ctx.legal.filter((c) => c.type === 'ATTACK' && c.unitId === unit).flatMap((c) => {
    const target = String(c.target);
    const plan = planAttack(s.table, ctx.scenario, ctx.table, unit, target);
    return plan.ok ? plan.templates.map((l) => playTemplateOf(l.shape, `aim:${target}:${l.firer}`, { label: `${l.weapon.name} on ${unitName(ctx.scenario, target)}`, rule: 'C-3.3.3.2j' })) : [];
  });
}

/** C-3.3.3.2a–f the enemy units the activated squad could attack: distance, figures seen, cover, modifiers, or why not. */
function targetsOf(s: CState, ctx: Ctx): PlayTarget[] {
  const { scenario, table, legal } = ctx;
  const unit = s.seq.unit;
  const own = s.table.units.find((u) => u.id === unit);
  if (s.seq.step !== 'activation' || !unit || !own || s.table.attack) return [];
  const mine = unitFigures(s.table, unit);
  return s.table.units.filter((u) => u.side !== own.side && unitFigures(s.table, u.id).length).map((u) => {
    const theirs = unitFigures(s.table, u.id);
    const nearest = Math.min(...mine.flatMap((f) => theirs.map((t) => hypot(t.at[0] - f.at[0], t.at[1] - f.at[1]))));
    const base = { unitId: u.id, name: u.name, side: u.side, total: theirs.length };
    const plan = planAttack(s.table, scenario, table, unit, u.id);
    if (!plan.ok) return { ...base, distance: nearest, visible: 0, cover: u.hidden ? 'hidden' : '—', refusal: { reason: plan.reason, rule: plan.rule }, notes: [] };
    const covers = [...new Set(plan.plans.map((p) => (p.cover ? `${p.cover.kind} cover (${p.cover.by})` : 'open')))];
    const command = legal.find((c) => c.type === 'ATTACK' && c.target === u.id);
    return {
      ...base, distance: Math.min(...plan.plans.map((p) => p.distance)), visible: new Set(plan.plans.map((p) => p.target.id)).size, cover: covers.join(', '),
      ...(command ? { command } : {}),
      notes: plan.plans.map((p) => `${figureName(scenario, unit, p.firer.id)}${p.template ? ` (template on ${figureName(scenario, p.target.unit, p.target.id)})` : ''}: ${modifierText(p)}`),
    };
  });
}

const optional = <K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } => (v === undefined ? {} : ({ [key]: v } as { [P in K]: V }));

export function describeCobi(s: CState, ctx: Ctx): PlayView {
  const { scenario, legal } = ctx;
  const p = cobiPhase(s);
  const result = cobiVictory(s, scenario);
  // C-3.3.3.1m the owner's hit-location choice, when the game waits for it.
  const strike = result ? undefined : strikeDecision(s, scenario);
  if (strike) {
    return {
      rulesetId: 'cobi', scenarioTitle: scenario.title,
      sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
      prompt: { side: strike.side, headline: strike.label, detail: 'The target\'s owner chooses the armour in a straight line from the barrel (C-3.3.3.1m); the strongest is listed first', turn: s.seq.round, turnWord: 'Round', ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}) },
      units: describeUnits(s, scenario),
      actions: decisionActions(strike),
      targets: [],
      measure: 'cm',
      decision: strike,
    };
  }
  // C-3.3.3.2g the defender's roll: the defending side is prompted, whoever is acting.
  const decision = result ? undefined : defenceDecision(s, scenario);
  const templates = result ? [] : templatesOf(s, ctx);
  return {
    rulesetId: 'cobi', scenarioTitle: scenario.title,
    sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    prompt: {
      side: decision?.side ?? p.side ?? null, headline: decision?.label ?? p.label, detail: decision ? 'Roll one die against each shot: a higher attack kills, a tie wounds, a lower one misses (C-3.3.3.2g)' : detailOf(s, scenario),
      turn: s.seq.round, turnWord: 'Round', ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}),
    },
    units: describeUnits(s, scenario),
    ...(s.seq.step === 'activation' && s.seq.unit ? { activeUnitId: s.seq.unit } : {}),
    actions: longestPerBearing(s, legal).map((c) => actionOf(c, s, scenario)).filter((a): a is PlayAction => a !== undefined),
    ...(decision ? { decision } : {}),
    targets: decision ? [] : s.seq.unit && vehicleOf(s.table, s.seq.unit) ? vehicleTargets(s, scenario, ctx.table, legal) : targetsOf(s, ctx),
    ...(decision ? {} : optional('move', moveOffer(s, scenario, ctx.table, legal))),
    ...(templates.length ? { templates } : {}),
    measure: 'cm',
    ...(result ? { victory: result } : {}),
  };
}

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The game log: a line an event, each die with its purpose and value (the dice tray reads `dice`), and the command's side. */
export function cobiLog(_s: CState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>): PlayLogLine[] {
  return log.flatMap((entry, commandIndex) => entry.events.map((e) => {
    const side = entry.command.side ? { side: String(entry.command.side) } : {};
    const rule = e.rule ? { rule: String(e.rule) } : {};
    if (e.type !== 'DICE_ROLLED') return { commandIndex, type: e.type, text: String(e.text ?? e.type), ...rule, ...side };
    const roll = e.roll as Roll;
    return { commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...rule, ...side, dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...rule } };
  })).map((line, index) => ({ index, ...line }));
}

/** The MOVE a drag makes: the dragged figures of the activated squad to where they were dropped. */
function moveCommand(s: CState, moves: readonly PlayFigureMove[]): Command | undefined {
  const { unit, side } = s.seq;
  if (s.seq.step !== 'activation' || !unit || !side || !moves.length) return undefined;
  return { type: 'MOVE', side, unitId: unit, moves: moves.map((m) => ({ figureId: m.figureId, to: [m.to[0], m.to[1]] })) };
}

export const cobiHud = {
  describe: describeCobi,
  log: cobiLog,
  rules: () => cobiRules(),
  moveCommand,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};
