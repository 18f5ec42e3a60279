// COBI's table events (what the rules' actions lead to) and their makers: each cites its rule and
// carries the log's line.
import type { GameEvent, TemplateShape, Vec2 } from '../../core';

/** One figure's move as resolved: where it went and the tape's length (cm). */
export interface FigureMoved {
  readonly figure: string;
  readonly to: Vec2;
  readonly cm: number;
}

/** C-3.3.1e the unit's figures moved. */
export function unitMoved(unit: string, moves: readonly FigureMoved[], text: string): GameEvent {
  return { type: 'UNIT_MOVED', rule: 'C-3.3.1e', unit, moves: moves.map((m) => ({ figure: m.figure, to: [m.to[0], m.to[1]], cm: m.cm })), text };
}

/** C-3.3c the unit held: its activation spent doing nothing (F2: a unit may decline to act). */
export function unitHeld(unit: string, text: string): GameEvent {
  return { type: 'UNIT_HELD', rule: 'C-3.3c', unit, text };
}

/** C-3.3.3.2a the unit attacks a target unit (C-3.3.2c: it is hidden no longer); the shots follow. */
export function unitAttacks(unit: string, target: string, defender: string, text: string): GameEvent {
  return { type: 'UNIT_ATTACKS', rule: 'C-3.3.3.2a', unit, target, defender, text };
}

/** One modifier of a shot, as the log shows it. */
export interface ShotModifier {
  readonly rule: string;
  readonly value: number;
  readonly why: string;
}

/** What the attacker's die did (C-3.3.3.2b/c): a jam, a miss, a hit whatever the defence, or a die the defence answers. */
export type AttackDieResult = 'jam' | 'miss' | 'auto-hit' | 'roll';

/** C-3.3.3.2a–f one figure's shot: its target, weapon, distance, modifiers and the attacker's die. */
export function attackDieRolled(p: {
  firer: string; target: string; weapon: string; distance: number; modifiers: readonly ShotModifier[]; modifier: number;
  rolls: readonly number[]; result: AttackDieResult; reload: boolean; oneShot: boolean; rule: string; template?: string; text: string;
}): GameEvent {
  return { type: 'ATTACK_DIE', rule: p.rule, firer: p.firer, target: p.target, weapon: p.weapon, distance: Math.round(p.distance * 10) / 10, modifiers: p.modifiers.map((m) => ({ ...m })), modifier: p.modifier, rolls: [...p.rolls], result: p.result, reload: p.reload, oneShot: p.oneShot, ...(p.template ? { template: p.template } : {}), text: p.text };
}

/** C-3.3.3.2j a gunner lays his template: its shape on the table and the figures under it. */
export function templateLaid(firer: string, weapon: string, shape: TemplateShape, under: readonly string[], text: string): GameEvent {
  return { type: 'TEMPLATE_LAID', rule: 'C-3.3.3.2j', firer, weapon, shape: JSON.parse(JSON.stringify(shape)) as unknown, under: [...under], text };
}

/** C-3.3.3.2g/i, C-AMB-10 a shot resolved against its target figure: killed, wounded or missed. */
export function figureHit(firer: string, figure: string, outcome: 'killed' | 'wounded' | 'miss', rule: string, text: string, dice?: { total: number; defence: number }): GameEvent {
  return { type: 'FIGURE_HIT', rule, firer, figure, outcome, ...(dice ? { total: dice.total, defence: dice.defence } : {}), text };
}

/** C-3.3.3.2h a reload test (after a shot, or the reload action at +2): loaded, or the weapon needs reloading. */
export function reloadTested(figure: string, roll: number, bonus: number, need: number, loaded: boolean, rule: string, text: string): GameEvent {
  return { type: 'RELOAD_TEST', rule, figure, roll, bonus, need, loaded, text };
}

/** C-3.3.3.2h the attack is over: every shot resolved and tested. */
export function attackOver(unit: string, text: string): GameEvent {
  return { type: 'ATTACK_OVER', rule: 'C-3.3.3.2h', unit, text };
}

/** C-3.3.2a the squad hides (C-3.3.2e: a token marks it for both sides). */
export function unitHidden(unit: string, text: string): GameEvent {
  return { type: 'UNIT_HIDDEN', rule: 'C-3.3.2a', unit, text };
}
